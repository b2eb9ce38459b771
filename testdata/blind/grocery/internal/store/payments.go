package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type PaymentRepo struct{ db *bun.DB }

func NewPaymentRepo(db *bun.DB) *PaymentRepo { return &PaymentRepo{db: db} }

func (r *PaymentRepo) Create(ctx context.Context, p *domain.PaymentAuthorisation) error {
	_, err := idb(ctx, r.db).NewInsert().Model(p).Exec(ctx)
	return err
}

func (r *PaymentRepo) ByOrder(ctx context.Context, orderID uuid.UUID) (*domain.PaymentAuthorisation, error) {
	p := new(domain.PaymentAuthorisation)
	err := idb(ctx, r.db).NewSelect().Model(p).Where("pa.order_id = ?", orderID).Scan(ctx)
	return p, notFound(err)
}

func (r *PaymentRepo) ByProcessorRef(ctx context.Context, ref string) (*domain.PaymentAuthorisation, error) {
	p := new(domain.PaymentAuthorisation)
	err := idb(ctx, r.db).NewSelect().Model(p).Where("pa.processor_ref = ?", ref).Scan(ctx)
	return p, notFound(err)
}

func (r *PaymentRepo) MarkAuthorised(ctx context.Context, id, processorRef string, amount int64) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.PaymentAuthorisation)(nil)).
		Set("status = ?", domain.PaymentAuthorised).
		Set("processor_ref = ?", processorRef).
		Set("authorised_pence = ?", amount).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *PaymentRepo) MarkDeclined(ctx context.Context, id, processorRef, code string) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.PaymentAuthorisation)(nil)).
		Set("status = ?", domain.PaymentDeclined).
		Set("processor_ref = NULLIF(?, '')", processorRef).
		Set("decline_code = ?", code).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// SetAuthorisedAmount records the processor's view of the authorised
// amount after an incremental authorisation.
func (r *PaymentRepo) SetAuthorisedAmount(ctx context.Context, id string, amount int64) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.PaymentAuthorisation)(nil)).
		Set("authorised_pence = ?", amount).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *PaymentRepo) RecordCapture(ctx context.Context, id string, amount int64) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.PaymentAuthorisation)(nil)).
		Set("status = ?", domain.PaymentCaptured).
		Set("captured_pence = ?", amount).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *PaymentRepo) MarkVoided(ctx context.Context, id string) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.PaymentAuthorisation)(nil)).
		Set("status = ?", domain.PaymentVoided).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status IN (?)", bun.In([]domain.PaymentStatus{domain.PaymentPending, domain.PaymentAuthorised})).
		Exec(ctx)
	return err
}

// LogAttempt appends a row to the processor call log. The log is
// append-only and read by support tooling; every call gets its own row.
func (r *PaymentRepo) LogAttempt(ctx context.Context, a *domain.PaymentAttempt) error {
	if a.ID == "" {
		a.ID = ksuid.New().String()
	}
	_, err := idb(ctx, r.db).NewInsert().Model(a).Exec(ctx)
	return err
}
