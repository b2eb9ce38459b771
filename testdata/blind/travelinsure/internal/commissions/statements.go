package commissions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/providers/partnerapi"
)

// Period is a statement month.
type Period struct {
	Start time.Time // first day, inclusive
	End   time.Time // first day of the next month, exclusive
}

// PreviousMonth returns the calendar month before at, in UTC.
func PreviousMonth(at time.Time) Period {
	at = at.UTC()
	first := time.Date(at.Year(), at.Month(), 1, 0, 0, 0, 0, time.UTC)
	return Period{Start: first.AddDate(0, -1, 0), End: first}
}

// StatementRunner produces and delivers commission statements.
type StatementRunner interface {
	Run(ctx context.Context, period Period) error
}

type statementRunner struct {
	db       *bun.DB
	partners *repository.Repository[models.Partner]
	accruals *repository.Repository[models.CommissionAccrual]
	gateway  partnerapi.Gateway
	log      *slog.Logger
}

// NewStatementRunner returns the monthly statement runner.
func NewStatementRunner(db *bun.DB, gw partnerapi.Gateway, log *slog.Logger) StatementRunner {
	return &statementRunner{
		db:       db,
		partners: repository.New[models.Partner](db),
		accruals: repository.New[models.CommissionAccrual](db),
		gateway:  gw,
		log:      log,
	}
}

func (r *statementRunner) Run(ctx context.Context, period Period) error {
	partners, err := r.partners.List(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("active").Order("code")
	})
	if err != nil {
		return err
	}
	var errs []error
	for i := range partners {
		p := &partners[i]
		if err := r.runPartner(ctx, p, period); err != nil {
			r.log.ErrorContext(ctx, "commission statement failed", "partner", p.Code, "err", err)
			errs = append(errs, fmt.Errorf("%s: %w", p.Code, err))
		}
	}
	return errors.Join(errs...)
}

func (r *statementRunner) runPartner(ctx context.Context, p *models.Partner, period Period) error {
	now := time.Now().UTC()
	st := &models.CommissionStatement{
		ID:          uuid.New(),
		PartnerID:   p.ID,
		PeriodStart: period.Start,
		PeriodEnd:   period.End,
		Currency:    p.Currency,
		Status:      models.StatementDraft,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	if _, err := r.db.NewInsert().Model(st).
		On("CONFLICT (partner_id, period_start) DO UPDATE").
		Set("updated_at = EXCLUDED.updated_at").
		Returning("*").
		Exec(ctx); err != nil {
		return fmt.Errorf("open statement: %w", err)
	}
	if st.Status == models.StatementSent {
		return nil
	}

	accruals, err := r.accruals.List(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("partner_id = ?", p.ID).
			Where("accrued_at >= ?", period.Start).
			Where("accrued_at < ?", period.End).
			Order("accrued_at")
	})
	if err != nil {
		return err
	}

	if len(accruals) > 0 {
		lines := make([]models.CommissionStatementLine, 0, len(accruals))
		for _, a := range accruals {
			lines = append(lines, models.CommissionStatementLine{
				ID:              xid.New().String(),
				StatementID:     st.ID,
				AccrualID:       a.ID,
				PolicyNumber:    a.PolicyNumber,
				PremiumMinor:    a.PremiumMinor,
				CommissionMinor: a.CommissionMinor,
			})
		}
		if _, err := r.db.NewInsert().Model(&lines).Exec(ctx); err != nil {
			return fmt.Errorf("insert statement lines: %w", err)
		}
	}

	// Totals come from the stored lines so that the document and the
	// statement row always agree.
	var stored []models.CommissionStatementLine
	if err := r.db.NewSelect().Model(&stored).
		Where("statement_id = ?", st.ID).
		Order("policy_number").
		Scan(ctx); err != nil {
		return err
	}
	doc := partnerapi.Statement{
		StatementID: st.ID.String(),
		PeriodStart: period.Start.Format("2006-01-02"),
		PeriodEnd:   period.End.AddDate(0, 0, -1).Format("2006-01-02"),
		Currency:    st.Currency,
	}
	for _, l := range stored {
		doc.TotalMinor += l.CommissionMinor
		doc.Lines = append(doc.Lines, partnerapi.StatementLine{
			PolicyNumber:    l.PolicyNumber,
			PremiumMinor:    l.PremiumMinor,
			CommissionMinor: l.CommissionMinor,
		})
	}

	if _, err := r.db.NewUpdate().Model((*models.CommissionStatement)(nil)).
		Set("total_minor = ?", doc.TotalMinor).
		Set("line_count = ?", len(stored)).
		Set("status = ?", models.StatementReady).
		Set("updated_at = now()").
		Where("id = ?", st.ID).
		Exec(ctx); err != nil {
		return fmt.Errorf("finalise statement: %w", err)
	}

	deliveryID, err := r.gateway.PostStatement(ctx, p.Code, doc, partnerapi.CallOptions{
		RequestID: "commission-statement-" + st.ID.String(),
	})
	if err != nil {
		return fmt.Errorf("deliver statement: %w", err)
	}

	if _, err := r.db.NewUpdate().Model((*models.CommissionStatement)(nil)).
		Set("status = ?", models.StatementSent).
		Set("sent_at = now()").
		Set("updated_at = now()").
		Where("id = ?", st.ID).
		Exec(ctx); err != nil {
		return fmt.Errorf("mark statement sent: %w", err)
	}
	r.log.InfoContext(ctx, "commission statement sent",
		"partner", p.Code, "period", doc.PeriodStart, "total", doc.TotalMinor, "delivery", deliveryID)
	return nil
}
