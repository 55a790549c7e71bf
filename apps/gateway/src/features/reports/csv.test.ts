// CSV fields as spreadsheets and CSV parsers read them.
import { csvCell, csvLine } from './csv.js';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and leaves numbers and empty values plain', () => {
    expect(csvLine(['Team "A", Espoo', 'two\nlines', 65.5, -12.5, null, undefined, true])).toBe(
      '"Team ""A"", Espoo","two\nlines",65.5,-12.5,,,true\r\n',
    );
  });

  it('keeps a comment that starts like a formula from running as one', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+358 40 123')).toBe("'+358 40 123");
    expect(csvCell('-ok')).toBe("'-ok");
    expect(csvCell('@here')).toBe("'@here");
    expect(csvCell('Hyvä työpaikka')).toBe('Hyvä työpaikka');
  });
});
