import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, RadioButtonUncheckedIcon } from '../../../shared/ui/icons/startIcons.ts';
import '../dashboard.css';

export type TSetupStep = { key: string; done: boolean; to?: string };

/**
 * The first steps of a new business, ticked from real data. Plain elements and static CSS (dashboard.css: the
 * theme's Card, LinearProgress and dense List values), so this stage of the dashboard inserts no styles (issue 10).
 */
export const GettingStarted = ({ steps }: { steps: readonly TSetupStep[] }) => {
  const { t } = useTranslation('app');
  const done = steps.filter((s) => s.done).length;
  const percent = Math.round((done / Math.max(steps.length, 1)) * 100);
  return (
    <div className="bd-card bd-card--fill">
      <div className="bd-dash-content">
        <h2 className="bd-dash-title">{t('dashboard.setup.title')}</h2>
        <p className="bd-dash-text bd-dash-text--spaced">{t('dashboard.setup.progress', { count: done, total: steps.length })}</p>
        <div className="bd-dash-progress" role="progressbar" aria-label={t('dashboard.setup.title')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span className="bd-dash-progress__bar" style={{ transform: `translateX(${percent - 100}%)` }} />
        </div>
        <ul className="bd-dash-steps">
          {steps.map((step) => {
            const content = (
              <>
                <span className={`bd-dash-step__icon ${step.done ? 'bd-dash-step__icon--done' : 'bd-dash-step__icon--open'}`}>
                  {step.done ? <CheckCircleIcon fontSize="small" /> : <RadioButtonUncheckedIcon fontSize="small" />}
                </span>
                <span className={step.done ? 'bd-dash-step__text bd-dash-step__text--done' : 'bd-dash-step__text'}>{t(`dashboard.setup.steps.${step.key}`)}</span>
              </>
            );
            return (
              <li key={step.key}>
                {step.to && !step.done ? (
                  <RouterLink className="bd-dash-step" to={step.to}>
                    {content}
                  </RouterLink>
                ) : (
                  <div className="bd-dash-step">{content}</div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
};
