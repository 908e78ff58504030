/** A valid NUBAN for a 3-digit bank code and a serial (CBN check digit: weights 3,7,3 over 000 + code and the 9-digit serial). */
export const nuban = (bankCode: string, serial: number) => {
  const nine = String(serial).padStart(9, '0');
  const digits = `${bankCode.padStart(6, '0')}${nine}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * [3, 7, 3][i % 3];
  return `${nine}${(10 - (sum % 10)) % 10}`;
};
