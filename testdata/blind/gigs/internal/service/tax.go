package service

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/gigbridge/escrow/internal/provider/taxforms"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/store"
)

// TaxService implements Tax.
type TaxService struct {
	db          Runner
	tax         TaxRepo
	payouts     PayoutRepo
	queue       Enqueuer
	provider    TaxFormsProvider
	newID       func() string
	now         func() time.Time
	redirectURL string
	log         *slog.Logger
}

var _ Tax = (*TaxService)(nil)

func NewTaxService(db Runner, tax TaxRepo, payouts PayoutRepo, q Enqueuer, provider TaxFormsProvider,
	newID func() string, now func() time.Time, redirectURL string, log *slog.Logger) *TaxService {
	return &TaxService{db: db, tax: tax, payouts: payouts, queue: q, provider: provider, newID: newID, now: now,
		redirectURL: redirectURL, log: log.With("svc", "tax")}
}

var formTypes = map[string]bool{"w9": true, "w8ben": true, "w8bene": true}

// RequestForm starts collection of a tax form from a freelancer. There is
// one request per freelancer, form type and tax year.
func (s *TaxService) RequestForm(ctx context.Context, in TaxFormInput) (store.TaxFormRequest, error) {
	formType := strings.ToLower(in.FormType)
	if !formTypes[formType] {
		return store.TaxFormRequest{}, invalid("unsupported form type %q", in.FormType)
	}
	year := s.now().Year()
	if in.TaxYear < year-1 || in.TaxYear > year {
		return store.TaxFormRequest{}, invalid("tax_year must be %d or %d", year-1, year)
	}
	if !strings.Contains(in.FreelancerEmail, "@") {
		return store.TaxFormRequest{}, invalid("freelancer_email is invalid")
	}

	var r store.TaxFormRequest
	err := s.db.WithTx(ctx, func(q Querier) error {
		got, created, err := s.tax.RequestCreateOrGet(ctx, q, store.TaxFormRequest{
			ID:              s.newID(),
			FreelancerID:    in.FreelancerID,
			FreelancerEmail: in.FreelancerEmail,
			FormType:        formType,
			TaxYear:         in.TaxYear,
		})
		if err != nil {
			return err
		}
		r = got
		if !created {
			return nil
		}
		return s.queue.EnqueueTx(ctx, q, queue.SendTaxFormArgs{RequestID: r.ID}, nil)
	})
	return r, err
}

// SendFormRequest asks the provider to email the form envelope for a
// pending request.
func (s *TaxService) SendFormRequest(ctx context.Context, requestID string) error {
	r, err := s.tax.GetRequest(ctx, s.db.Q(), requestID)
	if err != nil {
		return lookup(err, "tax form request", requestID)
	}
	if r.Status != store.TaxRequestPending {
		return nil
	}
	env, err := s.provider.SendRequest(ctx, taxforms.FormRequest{
		FormType:   r.FormType,
		TaxYear:    r.TaxYear,
		PayeeEmail: r.FreelancerEmail,
		PayeeRef:   r.FreelancerID,
		RedirectTo: s.redirectURL,
	})
	if err != nil {
		return err
	}
	return s.tax.MarkSent(ctx, s.db.Q(), r.ID, env.ID)
}

// HandleFormEvent records a form's state from the provider and, once a form
// is completed, lets the freelancer's held payouts go.
func (s *TaxService) HandleFormEvent(ctx context.Context, ev FormEvent) error {
	return s.db.WithTx(ctx, func(q Querier) error {
		req, err := s.tax.RequestByEnvelope(ctx, q, ev.EnvelopeID)
		if errors.Is(err, store.ErrNotFound) {
			s.log.WarnContext(ctx, "form event for unknown envelope", "envelope_id", ev.EnvelopeID)
			return nil
		}
		if err != nil {
			return err
		}
		var completedAt *time.Time
		if ev.Status == "completed" && !ev.CompletedAt.IsZero() {
			t := ev.CompletedAt
			completedAt = &t
		}
		if err := s.tax.UpsertForm(ctx, q, store.TaxForm{
			ID:             s.newID(),
			ProviderFormID: ev.ProviderFormID,
			RequestID:      req.ID,
			FreelancerID:   req.FreelancerID,
			FormType:       ev.FormType,
			TINLast4:       ev.TINLast4,
			Status:         ev.Status,
			CompletedAt:    completedAt,
		}); err != nil {
			return err
		}
		if ev.Status != "completed" {
			return nil
		}
		if _, err := s.tax.MarkCompleted(ctx, q, req.ID); err != nil {
			return err
		}
		released, err := s.payouts.ReleaseTaxHolds(ctx, q, req.FreelancerID)
		if err != nil {
			return err
		}
		for _, id := range released {
			if err := s.queue.EnqueueTx(ctx, q, queue.DispatchPayoutArgs{PayoutID: id}, nil); err != nil {
				return err
			}
		}
		if len(released) > 0 {
			s.log.InfoContext(ctx, "released payouts held for tax form", "freelancer_id", req.FreelancerID, "count", len(released))
		}
		return nil
	})
}
