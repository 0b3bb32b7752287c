// A table of records: column headers, an optional caption for screen readers, and the rows,
// scrolling sideways on narrow screens.
import type { ReactNode } from 'react';

export function Table({
  headers,
  caption,
  children,
}: {
  headers: (string | false)[];
  caption?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {headers
              .filter((h): h is string => h !== false)
              .map((h) => (
                <th scope="col" key={h}>
                  {h}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
