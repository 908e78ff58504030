import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import { EmptyState } from './EmptyState.tsx';
import { PageHeader } from './PageHeader.tsx';

export type TModuleContext = { label: string; value: string };

type TProps = {
  /** Key under `modules.` in the app texts: title, description, emptyTitle, emptyBody. */
  area: string;
  Icon: ComponentType<SvgIconProps>;
  /** The route's parameters, shown as chips (e.g. the department). */
  context?: readonly TModuleContext[];
  /** A tutorial page for this area. */
  guide?: string;
};

/** The frame of an area's screen: its title, what it is for, the route's context, and its list (empty for now). */
export const ModulePage = ({ area, Icon, context = [], guide }: TProps) => {
  const { t } = useTranslation('app');
  return (
    <>
      <PageHeader
        title={t(`modules.${area}.title`)}
        description={t(`modules.${area}.description`)}
        actions={
          guide ? (
            <Button component={RouterLink} to={guide} variant="outlined" startIcon={<PlayCircleIcon />}>
              {t('modules.watchGuide')}
            </Button>
          ) : undefined
        }
      />
      {context.length ? (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {context.map(({ label, value }) => (
            <Chip key={label} label={`${label}: ${value}`} variant="outlined" color="primary" />
          ))}
        </Stack>
      ) : null}
      <Card>
        <EmptyState Icon={Icon} title={t(`modules.${area}.emptyTitle`)} body={t(`modules.${area}.emptyBody`)} />
      </Card>
    </>
  );
};
