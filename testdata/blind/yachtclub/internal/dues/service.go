// Package dues bills annual membership dues through Stripe invoices.
package dues

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/jobs"
	"github.com/tidewater-yc/clubhouse/internal/payments"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/platform/ids"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// Schedule is the annual dues by membership class, in cents, as voted at the
// annual general meeting.
var Schedule = map[string]int64{
	"full":         185000,
	"family":       225000,
	"junior":       25000,
	"associate":    60000,
	"non_resident": 95000,
}

// ErrNoCustomer means provisioning has not created the Stripe customer yet;
// the billing job retries later.
var ErrNoCustomer = errors.New("dues: member has no payments customer yet")

// Service bills dues.
type Service interface {
	RequestInvoice(ctx context.Context, memberID string, year int) error
	FanOut(ctx context.Context, year int) (int, error)
	Bill(ctx context.Context, memberID string, year int) error
}

type service struct {
	db       bun.IDB
	uow      uow.UnitOfWork
	repos    *store.Repos
	enqueuer jobs.Enqueuer
	gateway  payments.Gateway
	newID    ids.Generator
	now      func() time.Time
	pageSize int
}

// New builds the dues service.
func New(db *bun.DB, u uow.UnitOfWork, repos *store.Repos, enq jobs.Enqueuer, gw payments.Gateway) Service {
	return &service{db: db, uow: u, repos: repos, enqueuer: enq, gateway: gw,
		newID: ids.ULIDs, now: time.Now, pageSize: 200}
}

// RequestInvoice queues a dues bill for one member, used by the office for
// mid-year joiners and re-bills. The job is unique on (member, year), so a
// repeat request while one is queued or running is absorbed by River.
func (s *service) RequestInvoice(ctx context.Context, memberID string, year int) error {
	m, err := s.repos.Members.Get(ctx, s.db, memberID)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return httpx.Wrap(httpx.ErrNotFound, err)
		}
		return err
	}
	if m.Status != domain.MemberActive {
		return httpx.Conflict("member is %s", m.Status)
	}
	return s.enqueuer.Enqueue(ctx, jobs.DuesBillingArgs{MemberID: memberID, Year: year}, nil)
}

// FanOut queues a dues_billing job for each active member, one page per
// transaction.
func (s *service) FanOut(ctx context.Context, year int) (int, error) {
	total := 0
	after := ""
	for {
		members, err := s.repos.Members.ListActive(ctx, s.db, after, s.pageSize)
		if err != nil {
			return total, err
		}
		if len(members) == 0 {
			return total, nil
		}
		params := make([]river.InsertManyParams, 0, len(members))
		for _, m := range members {
			params = append(params, river.InsertManyParams{Args: jobs.DuesBillingArgs{MemberID: m.ID, Year: year}})
		}
		if err := s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
			return s.enqueuer.EnqueueManyTx(ctx, tx, params)
		}); err != nil {
			return total, err
		}
		total += len(members)
		after = members[len(members)-1].ID
	}
}

// Bill creates, finalizes and records the member's dues invoice for year.
func (s *service) Bill(ctx context.Context, memberID string, year int) error {
	m, err := s.repos.Members.Get(ctx, s.db, memberID)
	if err != nil {
		return err
	}
	if m.StripeCustomerID == "" {
		return ErrNoCustomer
	}
	amount, ok := Schedule[m.MembershipClass]
	if !ok {
		return fmt.Errorf("dues: no schedule for class %q", m.MembershipClass)
	}

	inv, err := s.repos.Dues.EnsureInvoice(ctx, s.db, &domain.DuesInvoice{
		ID:          s.newID(),
		MemberID:    m.ID,
		DuesYear:    year,
		AmountCents: amount,
		Status:      domain.DuesDraft,
		CreatedAt:   s.now(),
	})
	if err != nil {
		return fmt.Errorf("ensure dues invoice: %w", err)
	}
	if inv.Status != domain.DuesDraft {
		return nil
	}

	stripeInvoiceID := inv.StripeInvoiceID
	if stripeInvoiceID == "" {
		if _, err := s.gateway.AddInvoiceItem(ctx, payments.InvoiceItemRequest{
			CustomerID:  m.StripeCustomerID,
			AmountCents: inv.AmountCents,
			Description: fmt.Sprintf("%d annual dues — %s membership", year, m.MembershipClass),
			Metadata:    map[string]string{"dues_invoice_id": inv.ID, "member_id": m.ID},
		}); err != nil {
			return err
		}
		created, err := s.gateway.CreateInvoice(ctx, payments.InvoiceRequest{
			CustomerID:     m.StripeCustomerID,
			Description:    fmt.Sprintf("Tidewater Yacht Club dues %d", year),
			DaysUntilDue:   30,
			Metadata:       map[string]string{"dues_invoice_id": inv.ID},
			IdempotencyKey: "dues-invoice-" + inv.ID,
		})
		if err != nil {
			return err
		}
		if err := s.repos.Dues.SetStripeInvoice(ctx, s.db, inv.ID, created.ID, domain.DuesDraft); err != nil {
			return err
		}
		stripeInvoiceID = created.ID
	}

	if _, err := s.gateway.FinalizeInvoice(ctx, stripeInvoiceID, "dues-finalize-"+inv.ID); err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.repos.Dues.SetStripeInvoice(ctx, tx, inv.ID, stripeInvoiceID, domain.DuesOpen); err != nil {
			return err
		}
		return s.repos.Accounts.Post(ctx, tx, &domain.AccountTransaction{
			ID:          s.newID(),
			MemberID:    m.ID,
			Kind:        domain.TxnDues,
			AmountCents: inv.AmountCents,
			Description: fmt.Sprintf("%d annual dues", year),
			Reference:   stripeInvoiceID,
			PostedAt:    s.now(),
		})
	})
}
