// The products CSV: export (comma, or Excel's semicolon with decimal commas) and import, checked
// first and applied all or nothing, with every refused row listed by its row number and column
// as the spreadsheet shows them, and how many categories its paths add to the tree. The file goes to the cloud as it is, bytes and all: the cloud
// tells a file that is not UTF-8 from one that is.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { useToast } from '../../ui/Toasts.js';
import { CATALOG_KEY } from './catalog-api.js';

type Mode = 'validate' | 'apply';

const importFile = (file: File, mode: Mode) =>
  data(
    api.POST(`${CONSOLE_API}/products/import`, {
      params: { query: { mode } },
      // The body is the file itself: openapi-fetch sends what the serializer answers.
      body: '',
      bodySerializer: () => file,
      headers: { 'content-type': 'text/csv' },
    }),
  );
type Report = Awaited<ReturnType<typeof importFile>>;

export function ImportExportSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const run = useMutation({
    mutationFn: ({ mode }: { mode: Mode }) => importFile(file!, mode),
    onSuccess: async (answer) => {
      setReport(answer);
      if (answer.applied) {
        toast.success(t.catalog.imported(answer.rows));
        await client.invalidateQueries({ queryKey: CATALOG_KEY });
      }
    },
    onError: (error) => toast.failure(error),
  });
  const exportUrl = (delimiter: 'comma' | 'semicolon') =>
    `${CONSOLE_API}/products/export.csv?delimiter=${delimiter}`;
  return (
    <section aria-label={t.catalog.importExport}>
      <div className="ui-section">
        <h2>{t.catalog.exportTitle}</h2>
        <p>{t.catalog.exportLead}</p>
        <p className="ui-page-header__actions">
          <a className="ui-button ui-button--secondary" href={exportUrl('comma')} download>
            {t.catalog.exportComma}
          </a>
          <a className="ui-button ui-button--secondary" href={exportUrl('semicolon')} download>
            {t.catalog.exportSemicolon}
          </a>
        </p>
      </div>
      {canWrite && (
        <div className="ui-section">
          <h2>{t.catalog.importTitle}</h2>
          <p>{t.catalog.importLead}</p>
          <p>{t.catalog.importCategories}</p>
          <div className="ui-field">
            <label htmlFor={fileId} className="ui-field__label">
              {t.catalog.file}
            </label>
            <input
              id={fileId}
              className="ui-input"
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setReport(null);
              }}
            />
          </div>
          <p className="ui-page-header__actions">
            <Button
              disabled={!file}
              busy={run.isPending && run.variables.mode === 'validate'}
              onClick={() => run.mutate({ mode: 'validate' })}
            >
              {t.catalog.check}
            </Button>
            <Button
              variant="primary"
              disabled={!file || (report !== null && report.errorCount > 0)}
              busy={run.isPending && run.variables.mode === 'apply'}
              onClick={() => run.mutate({ mode: 'apply' })}
            >
              {t.catalog.apply}
            </Button>
          </p>
          {report && <ImportReport report={report} />}
        </div>
      )}
    </section>
  );
}

function ImportReport({ report }: { report: Report }) {
  const t = useT();
  return (
    <div className="ui-section" role="status">
      <p>
        <strong>{report.applied ? t.catalog.imported(report.rows) : t.catalog.checked(report.rows)}</strong>{' '}
        {t.catalog.summary(report.created, report.updated, report.unchanged)}
        {report.categoriesCreated > 0 && ` ${t.catalog.categoriesCreated(report.categoriesCreated)}`}
      </p>
      {report.errorCount > 0 && (
        <>
          <p className="ui-form__error">{t.catalog.errorsFound(report.errorCount)}</p>
          <div className="ui-table">
            <div className="ui-table__scroll" tabIndex={0} role="region" aria-label={t.catalog.problem}>
              <table>
                <caption className="ui-visually-hidden">{t.catalog.errorsFound(report.errorCount)}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="ui-numeric">
                      {t.catalog.row}
                    </th>
                    <th scope="col">{t.catalog.column}</th>
                    <th scope="col">{t.catalog.problem}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.errors.map((e, i) => (
                    <tr key={`${e.row}-${e.column ?? ''}-${i}`}>
                      <td className="ui-numeric">{e.row === 0 ? t.catalog.wholeFile : e.row}</td>
                      <td>{e.column ?? ''}</td>
                      <td>{e.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
