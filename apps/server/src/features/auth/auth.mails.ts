/** The account e-mails. Each returns the mail and the secret it carries, so the mailer can keep it out of storage and logs. */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const compose = (subject: string, text: string, link?: string) => {
  const html = escapeHtml(text).replace(/\n/g, '<br>');
  return { subject, text, html: `<p>${link ? html.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`) : html}</p>` };
};

export const confirmMail = (link: string, graceDays: number) => compose(
  'Confirm your e-mail address for Bizdesk',
  `Welcome to Bizdesk. Open this link to confirm your e-mail address:\n\n${link}\n\n`
  + `Your business works for ${graceDays} days before the address is confirmed; after that, signing in needs the confirmation.`,
  link,
);

export const resetMail = (link: string) => compose(
  'Reset your Bizdesk password',
  `Someone asked to reset the password of your Bizdesk account. Open this link within an hour to choose a new password:\n\n${link}\n\n`
  + 'If it was not you, ignore this e-mail; your password stays as it is.',
  link,
);

/** To the address of a registration that was never confirmed, when someone registers it again. */
export const claimMail = (link: string, businessName: string) => compose(
  'Your Bizdesk registration',
  `Someone (perhaps you) tried to register a Bizdesk business with this e-mail address. The address already has an account, for "${businessName}", that has not been confirmed yet.\n\n`
  + `If you registered it, or want it, open this link within an hour and choose a password. That confirms your address, and signs out anyone else using the account:\n\n${link}\n\n`
  + 'If you did not try to register, ignore this e-mail.',
  link,
);

/** To the holder of a confirmed account when someone registers the address again; no link, nothing changes. */
export const alreadyRegisteredMail = (publicUrl: string) => compose(
  'Someone tried to register with your e-mail address',
  'Someone (perhaps you) tried to register a new Bizdesk business with this e-mail address, which already has an account. Nothing was changed.\n\n'
  + `To sign in, go to ${publicUrl}/login. If you forgot your password, you can reset it at ${publicUrl}/forgotpassword.\n\n`
  + 'If it was not you, you can ignore this e-mail.',
);

/** To someone invited to join a business (issue 10): they choose their own password from the link. */
export const inviteMail = (opts: { link: string; businessName: string; inviterName: string; userName: string; days: number; heldElsewhere?: boolean }) => compose(
  `${opts.inviterName} invites you to ${opts.businessName} on Bizdesk`,
  `Hello ${opts.userName},\n\n${opts.inviterName} invites you to join "${opts.businessName}" on Bizdesk. `
  + `Open this link within ${opts.days} days to choose your password and sign in:\n\n${opts.link}\n\n`
  + (opts.heldElsewhere
    ? 'This address already has a Bizdesk account with another business, and an address belongs to one business only, so the link '
      + `will not work while that account exists. To join "${opts.businessName}", ask ${opts.inviterName} to invite another address of yours. `
      + `${opts.inviterName} has not been told that this address has an account.\n\n`
    : '')
  + 'The link works once. If you did not expect this invitation, ignore this e-mail; no account is made without you.',
  opts.link,
);
