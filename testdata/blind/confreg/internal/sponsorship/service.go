// Package sponsorship sells sponsor packages and tracks the instalments they
// are invoiced in.
package sponsorship

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/platform/metrics"
	"github.com/halcyonevents/confreg/internal/store"
)

// purchaseNamespace scopes the name-based UUIDs of sponsorships.
var purchaseNamespace = uuid.MustParse("6f1c2a8e-3f0b-4c55-9b1e-0d7f3c9a2b41")

// Service is the sponsorship use-case API.
type Service interface {
	Purchase(ctx context.Context, in PurchaseInput) (*domain.Sponsorship, error)
	Instalments(ctx context.Context, sponsorshipID uuid.UUID) ([]domain.Instalment, error)
	RecordManualPayment(ctx context.Context, in ManualPaymentInput) (*domain.SponsorPayment, error)
}

// PurchaseInput buys a package for a sponsor. IdempotencyKey is the client's
// Idempotency-Key header.
type PurchaseInput struct {
	SponsorID      uuid.UUID
	ConferenceSlug string
	PackageCode    string
	IdempotencyKey string
}

// ManualPaymentInput records a bank transfer or cheque against an
// instalment.
type ManualPaymentInput struct {
	InstalmentID uuid.UUID
	Method       string
	AmountCents  int64
	Reference    string
	ReceivedOn   time.Time
	RecordedBy   string
}

// Store is what the service needs from persistence.
type Store interface {
	Sponsor(ctx context.Context, id uuid.UUID) (*domain.Sponsor, error)
	Package(ctx context.Context, conferenceID uuid.UUID, code string) (*domain.SponsorPackage, error)
	Sponsorship(ctx context.Context, id uuid.UUID) (*domain.Sponsorship, error)
	CreateSponsorship(ctx context.Context, sp *domain.Sponsorship) (bool, error)
	Instalments(ctx context.Context, sponsorshipID uuid.UUID) ([]domain.Instalment, error)
}

// Conferences reads conferences.
type Conferences interface {
	BySlug(ctx context.Context, slug string) (*domain.Conference, error)
}

// Transactor runs fn in a transaction.
type Transactor interface {
	Do(ctx context.Context, fn func(r *store.Repos) error) error
}

type service struct {
	store       Store
	conferences Conferences
	tx          Transactor
	now         func() time.Time
}

// New builds the service.
func New(st Store, conferences Conferences, tx Transactor, now func() time.Time) Service {
	if now == nil {
		now = time.Now
	}
	return &service{store: st, conferences: conferences, tx: tx, now: now}
}

func (s *service) Purchase(ctx context.Context, in PurchaseInput) (*domain.Sponsorship, error) {
	if strings.TrimSpace(in.IdempotencyKey) == "" {
		return nil, fmt.Errorf("idempotency key: %w", domain.ErrInvalidInput)
	}
	if _, err := s.store.Sponsor(ctx, in.SponsorID); err != nil {
		return nil, err
	}
	conf, err := s.conferences.BySlug(ctx, in.ConferenceSlug)
	if err != nil {
		return nil, err
	}
	pkg, err := s.store.Package(ctx, conf.ID, in.PackageCode)
	if err != nil {
		return nil, err
	}

	sp := &domain.Sponsorship{
		ID:           uuid.NewSHA1(purchaseNamespace, []byte(in.SponsorID.String()+"/"+in.IdempotencyKey)),
		SponsorID:    in.SponsorID,
		PackageID:    pkg.ID,
		ConferenceID: conf.ID,
		TotalCents:   pkg.PriceCents,
		Currency:     conf.Currency,
		Status:       "active",
		CreatedAt:    s.now().UTC(),
	}
	created, err := s.store.CreateSponsorship(ctx, sp)
	if err != nil {
		return nil, fmt.Errorf("create sponsorship: %w", err)
	}
	if !created {
		return s.store.Sponsorship(ctx, sp.ID)
	}
	return sp, nil
}

func (s *service) Instalments(ctx context.Context, sponsorshipID uuid.UUID) ([]domain.Instalment, error) {
	return s.store.Instalments(ctx, sponsorshipID)
}

// RecordManualPayment books money finance received outside the card flow.
// Overpayments are recorded as received; finance settles credit by hand.
func (s *service) RecordManualPayment(ctx context.Context, in ManualPaymentInput) (*domain.SponsorPayment, error) {
	switch in.Method {
	case "bank_transfer", "cheque":
	default:
		return nil, fmt.Errorf("method: %w", domain.ErrInvalidInput)
	}
	if in.AmountCents <= 0 {
		return nil, fmt.Errorf("amount: %w", domain.ErrInvalidInput)
	}

	now := s.now().UTC()
	payment := &domain.SponsorPayment{
		ID:           uuid.New(),
		InstalmentID: in.InstalmentID,
		Method:       in.Method,
		AmountCents:  in.AmountCents,
		Reference:    in.Reference,
		ReceivedOn:   in.ReceivedOn,
		RecordedBy:   in.RecordedBy,
		CreatedAt:    now,
	}
	err := s.tx.Do(ctx, func(r *store.Repos) error {
		inst, err := r.Sponsors.LockInstalment(ctx, in.InstalmentID)
		if err != nil {
			return err
		}
		if inst.Status == domain.InstalmentPaid {
			return fmt.Errorf("instalment %d already settled: %w", inst.Seq, domain.ErrConflict)
		}
		if err := r.Sponsors.InsertPayment(ctx, payment); err != nil {
			return err
		}
		return r.Sponsors.ApplyPayment(ctx, inst.ID, in.AmountCents, now)
	})
	if err != nil {
		return nil, err
	}
	return payment, nil
}

type instrumented struct {
	next Service
	log  *slog.Logger
	rec  *metrics.Recorder
}

// Instrument wraps a Service with logging and metrics.
func Instrument(next Service, log *slog.Logger, rec *metrics.Recorder) Service {
	return &instrumented{next: next, log: log.With("component", "sponsorship"), rec: rec}
}

func (i *instrumented) observe(ctx context.Context, method string, start time.Time, err error) {
	i.rec.ObserveCall("sponsorship", method, start, err)
	if err != nil {
		i.log.WarnContext(ctx, method+" failed", "err", err)
	}
}

func (i *instrumented) Purchase(ctx context.Context, in PurchaseInput) (sp *domain.Sponsorship, err error) {
	defer func(t time.Time) { i.observe(ctx, "Purchase", t, err) }(time.Now())
	return i.next.Purchase(ctx, in)
}

func (i *instrumented) Instalments(ctx context.Context, id uuid.UUID) (out []domain.Instalment, err error) {
	defer func(t time.Time) { i.observe(ctx, "Instalments", t, err) }(time.Now())
	return i.next.Instalments(ctx, id)
}

func (i *instrumented) RecordManualPayment(ctx context.Context, in ManualPaymentInput) (p *domain.SponsorPayment, err error) {
	defer func(t time.Time) { i.observe(ctx, "RecordManualPayment", t, err) }(time.Now())
	return i.next.RecordManualPayment(ctx, in)
}
