/** The e-mails of the appraisal flow; each carries one link per form (the tokens are the mail's secrets). */
export type TLinkLine = { employeeName: string; token: string };

const linkOf = (publicUrl: string, token: string) => `${publicUrl}/appraisal/${token}`;

const lines = (publicUrl: string, links: TLinkLine[]) => links.map((l) => `- ${l.employeeName}: ${linkOf(publicUrl, l.token)}`).join('\n');

export const scoreRequestMail = (o: { publicUrl: string; businessName: string; reviewerName: string; period: string; dueDate: string; links: TLinkLine[]; upward: boolean }) => ({
  subject: o.upward ? `${o.businessName}: your feedback on your manager (${o.period})` : `${o.businessName}: appraisals to complete (${o.period})`,
  text: [
    `Hello ${o.reviewerName},`,
    '',
    o.upward
      ? `${o.businessName} asks for your feedback on the person you report to for ${o.period}. Your answers are shown to them without your name.`
      : `${o.businessName} asks you to appraise the following ${o.links.length === 1 ? 'person' : 'people'} for ${o.period}:`,
    '',
    lines(o.publicUrl, o.links),
    '',
    `Each link opens one form and works once, until the end of ${o.dueDate}.`,
  ].join('\n'),
});

export const countersignRequestMail = (o: { publicUrl: string; businessName: string; superiorName: string; appraiserName: string; links: TLinkLine[] }) => ({
  subject: `${o.businessName}: appraisals to countersign`,
  text: [
    `Hello ${o.superiorName},`,
    '',
    `${o.appraiserName} has completed the appraisals below. Please review and countersign each one:`,
    '',
    lines(o.publicUrl, o.links),
    '',
    'Each link opens one form and works once.',
  ].join('\n'),
});
