import { useTranslation } from 'react-i18next';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { deDE, enUS, frFR } from '@mui/x-data-grid/locales';

const GRID_LOCALES = { en: enUS, de: deDE, fr: frFR } as const;

type TProps<R extends GridValidRowModel> = Omit<DataGridProps<R>, 'localeText'> & { label: string };

/** Every list: sort, filter, pagination and CSV export from the toolbar, in the user's language. */
export const DataTable = <R extends GridValidRowModel>({ label, sx, ...props }: TProps<R>) => {
  const { i18n } = useTranslation();
  const locale = GRID_LOCALES[(i18n.resolvedLanguage ?? 'en') as keyof typeof GRID_LOCALES] ?? enUS;
  return (
    <DataGrid<R>
      autoHeight
      showToolbar
      label={label}
      disableRowSelectionOnClick
      pageSizeOptions={[10, 25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
      localeText={locale.components.MuiDataGrid.defaultProps.localeText}
      slotProps={{ toolbar: { csvOptions: { fileName: label, utf8WithBom: true }, printOptions: { disableToolbarButton: true } } }}
      sx={{ border: 0, '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' }, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 }, ...sx }}
      {...props}
    />
  );
};
