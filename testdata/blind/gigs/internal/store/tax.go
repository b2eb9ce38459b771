package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// TaxForms persists tax-form collection requests and the forms received.
type TaxForms struct{}

const taxReqCols = `id, freelancer_id, freelancer_email, form_type, tax_year, status,
	COALESCE(provider_envelope_id, ''), sent_at, completed_at, created_at`

func scanTaxRequest(row pgx.Row) (TaxFormRequest, error) {
	var r TaxFormRequest
	err := row.Scan(&r.ID, &r.FreelancerID, &r.FreelancerEmail, &r.FormType, &r.TaxYear, &r.Status,
		&r.ProviderEnvelopeID, &r.SentAt, &r.CompletedAt, &r.CreatedAt)
	return r, err
}

// RequestCreateOrGet stores a request for (freelancer, form, year) once.
func (TaxForms) RequestCreateOrGet(ctx context.Context, q Querier, r TaxFormRequest) (TaxFormRequest, bool, error) {
	got, err := scanTaxRequest(q.QueryRow(ctx, `
		INSERT INTO tax_form_requests (id, freelancer_id, freelancer_email, form_type, tax_year, status)
		VALUES ($1, $2, $3, $4, $5, 'pending')
		ON CONFLICT (freelancer_id, form_type, tax_year) DO NOTHING
		RETURNING `+taxReqCols, r.ID, r.FreelancerID, r.FreelancerEmail, r.FormType, r.TaxYear))
	if err == nil {
		return got, true, nil
	}
	if err != pgx.ErrNoRows {
		return TaxFormRequest{}, false, wrap("tax.create_request", err)
	}
	got, err = scanTaxRequest(q.QueryRow(ctx, `
		SELECT `+taxReqCols+` FROM tax_form_requests
		WHERE freelancer_id = $1 AND form_type = $2 AND tax_year = $3`, r.FreelancerID, r.FormType, r.TaxYear))
	return got, false, one("tax.get_existing_request", err)
}

func (TaxForms) GetRequest(ctx context.Context, q Querier, id string) (TaxFormRequest, error) {
	r, err := scanTaxRequest(q.QueryRow(ctx, `SELECT `+taxReqCols+` FROM tax_form_requests WHERE id = $1`, id))
	return r, one("tax.get_request", err)
}

func (TaxForms) RequestByEnvelope(ctx context.Context, q Querier, envelopeID string) (TaxFormRequest, error) {
	r, err := scanTaxRequest(q.QueryRow(ctx, `SELECT `+taxReqCols+` FROM tax_form_requests WHERE provider_envelope_id = $1`, envelopeID))
	return r, one("tax.request_by_envelope", err)
}

// MarkSent records the provider envelope for a pending request.
func (TaxForms) MarkSent(ctx context.Context, q Querier, id, envelopeID string) error {
	_, err := q.Exec(ctx, `
		UPDATE tax_form_requests SET status = 'sent', provider_envelope_id = $2, sent_at = now()
		WHERE id = $1 AND status = 'pending'`, id, envelopeID)
	return wrap("tax.mark_sent", err)
}

// MarkCompleted closes a request once the form is in.
func (TaxForms) MarkCompleted(ctx context.Context, q Querier, id string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE tax_form_requests SET status = 'completed', completed_at = now()
		WHERE id = $1 AND status <> 'completed'`, id)
	if err != nil {
		return false, wrap("tax.mark_completed", err)
	}
	return tag.RowsAffected() == 1, nil
}

// UpsertForm stores the latest state of a form keyed by the provider's form id.
func (TaxForms) UpsertForm(ctx context.Context, q Querier, f TaxForm) error {
	_, err := q.Exec(ctx, `
		INSERT INTO tax_forms (id, provider_form_id, request_id, freelancer_id, form_type, tin_last4, status, completed_at)
		VALUES ($1, $2, NULLIF($3, ''), $4, $5, NULLIF($6, ''), $7, $8)
		ON CONFLICT (provider_form_id) DO UPDATE
		SET status = EXCLUDED.status,
		    tin_last4 = COALESCE(EXCLUDED.tin_last4, tax_forms.tin_last4),
		    completed_at = COALESCE(tax_forms.completed_at, EXCLUDED.completed_at),
		    updated_at = now()`,
		f.ID, f.ProviderFormID, f.RequestID, f.FreelancerID, f.FormType, f.TINLast4, f.Status, f.CompletedAt)
	return wrap("tax.upsert_form", err)
}

// HasValidForm reports whether the freelancer has a completed form on file.
func (TaxForms) HasValidForm(ctx context.Context, q Querier, freelancerID string) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tax_forms WHERE freelancer_id = $1 AND status = 'completed')`, freelancerID).Scan(&ok)
	return ok, wrap("tax.has_valid_form", err)
}
