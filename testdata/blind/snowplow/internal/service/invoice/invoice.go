// Package invoice bills the city once a storm is over: one invoice per
// storm, one line per cleared route.
package invoice

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/provider/citydispatch"
	"github.com/driftline-services/snowplow/internal/repository"
	"github.com/driftline-services/snowplow/internal/service/ports"
)

// Repository stores invoices.
type Repository interface {
	EnsureDraft(ctx context.Context, stormID uuid.UUID, number string) (domain.Invoice, error)
	PutLine(ctx context.Context, l domain.InvoiceLine) error
	Lines(ctx context.Context, invoiceID uuid.UUID) ([]domain.InvoiceLine, error)
	SetTotal(ctx context.Context, id uuid.UUID) (int64, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, cityInvoiceID string) (bool, error)
}

// Storms loads storms.
type Storms interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Storm, error)
}

// Billable lists cleared routes.
type Billable interface {
	ClearedForStorm(ctx context.Context, stormID uuid.UUID) ([]repository.BillableRoute, error)
}

// City receives invoices.
type City interface {
	SubmitInvoice(ctx context.Context, inv citydispatch.InvoiceSubmission) (citydispatch.SubmittedInvoice, error)
}

// Tariff prices a cleared route under the city contract.
type Tariff struct {
	// PerKmCents is keyed by route priority (1 = arterial).
	PerKmCents      map[int]int64
	DefaultKmCents  int64
	SaltPerKgCents  int64
	SeverityPercent map[string]int64 // surcharge, e.g. "blizzard": 25
}

// Price returns the line amount for r.
func (t Tariff) Price(r repository.BillableRoute) int64 {
	perKm, ok := t.PerKmCents[r.Priority]
	if !ok {
		perKm = t.DefaultKmCents
	}
	amount := perKm*int64(r.LengthM)/1000 + t.SaltPerKgCents*r.SaltKg
	if pct := t.SeverityPercent[strings.ToLower(r.StormSeverity)]; pct > 0 {
		amount += amount * pct / 100
	}
	return amount
}

// Service builds and submits invoices.
type Service struct {
	invoices Repository
	storms   Storms
	billable Billable
	city     City
	tx       ports.TxRunner
	tariff   Tariff
	prefix   string
	log      *slog.Logger
}

// Option configures a Service.
type Option func(*Service)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New returns a Service.
func New(inv Repository, storms Storms, billable Billable, city City, runner ports.TxRunner, tariff Tariff, opts ...Option) *Service {
	s := &Service{invoices: inv, storms: storms, billable: billable, city: city, tx: runner, tariff: tariff,
		prefix: "SNW", log: slog.Default()}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Submit builds (or rebuilds) the storm's draft invoice and submits it to
// the city. A storm whose invoice was already submitted is left alone.
func (s *Service) Submit(ctx context.Context, stormID uuid.UUID) error {
	storm, err := s.storms.Get(ctx, stormID)
	if err != nil {
		return err
	}
	if storm.Status != domain.StormEnded {
		return fmt.Errorf("%w: storm %s is still %s", domain.ErrConflict, storm.CityStormRef, storm.Status)
	}

	var (
		inv   domain.Invoice
		lines []domain.InvoiceLine
	)
	err = s.tx.Run(ctx, func(ctx context.Context) error {
		var err error
		inv, err = s.invoices.EnsureDraft(ctx, storm.ID, s.number(storm))
		if err != nil {
			return err
		}
		if inv.Status != "draft" {
			return nil
		}
		routes, err := s.billable.ClearedForStorm(ctx, storm.ID)
		if err != nil {
			return err
		}
		for _, r := range routes {
			if err := s.invoices.PutLine(ctx, domain.InvoiceLine{
				InvoiceID:    inv.ID,
				AssignmentID: r.AssignmentID,
				RouteCode:    r.RouteCode,
				AmountCents:  s.tariff.Price(r),
				SaltKg:       r.SaltKg,
			}); err != nil {
				return err
			}
		}
		if inv.TotalCents, err = s.invoices.SetTotal(ctx, inv.ID); err != nil {
			return err
		}
		lines, err = s.invoices.Lines(ctx, inv.ID)
		return err
	})
	if err != nil {
		return err
	}
	if inv.Status != "draft" {
		s.log.InfoContext(ctx, "invoice already submitted", "invoice", inv.InvoiceNumber)
		return nil
	}

	sub := citydispatch.InvoiceSubmission{
		StormRef:      storm.CityStormRef,
		InvoiceNumber: inv.InvoiceNumber,
		TotalCents:    inv.TotalCents,
	}
	for _, l := range lines {
		sub.Lines = append(sub.Lines, citydispatch.InvoiceLine{RouteCode: l.RouteCode, AmountCents: l.AmountCents, SaltKg: l.SaltKg})
	}
	res, err := s.city.SubmitInvoice(ctx, sub)
	if err != nil {
		return fmt.Errorf("submit invoice %s: %w", inv.InvoiceNumber, err)
	}
	if _, err := s.invoices.MarkSubmitted(ctx, inv.ID, res.CityInvoiceID); err != nil {
		return err
	}
	s.log.InfoContext(ctx, "invoice submitted", "invoice", inv.InvoiceNumber, "city_invoice", res.CityInvoiceID, "total_cents", inv.TotalCents)
	return nil
}

func (s *Service) number(st domain.Storm) string {
	return fmt.Sprintf("%s-%s-%s", s.prefix, st.DeclaredAt.UTC().Format("20060102"), strings.ToUpper(st.CityStormRef))
}
