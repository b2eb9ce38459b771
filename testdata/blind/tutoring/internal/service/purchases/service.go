// Package purchases sells lesson packages (credit bundles) and charges
// them through Stripe.
package purchases

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/idempotency"
	"github.com/learnloop/tutoring/internal/payments"
	"github.com/learnloop/tutoring/internal/platform/database"
	"github.com/learnloop/tutoring/internal/platform/ids"
	"github.com/learnloop/tutoring/internal/store"
)

// Catalog reads the package catalog.
type Catalog interface {
	Package(ctx context.Context, id string) (domain.Package, error)
}

type pgCatalog struct{ pool *pgxpool.Pool }

// NewCatalog returns the Postgres catalog.
func NewCatalog(pool *pgxpool.Pool) Catalog { return &pgCatalog{pool: pool} }

func (c *pgCatalog) Package(ctx context.Context, id string) (domain.Package, error) {
	var p domain.Package
	err := c.pool.QueryRow(ctx, `
		SELECT id, name, credits, price_cents, currency, valid_days FROM packages WHERE id = $1 AND active`, id).
		Scan(&p.ID, &p.Name, &p.Credits, &p.PriceCents, &p.Currency, &p.ValidDays)
	return p, database.NotFound(err)
}

// Service sells packages and settles them from Stripe events.
type Service interface {
	Purchase(ctx context.Context, studentID uuid.UUID, packageID, idempotencyKey string) (domain.Purchase, error)
	// Settle grants the purchased credits. It runs inside the caller's
	// transaction (the Stripe webhook's).
	Settle(ctx context.Context, tx pgx.Tx, paymentIntentID string) error
	Fail(ctx context.Context, tx pgx.Tx, paymentIntentID string) error
}

type service struct {
	pool     *pgxpool.Pool
	catalog  Catalog
	buys     store.Purchases
	ledger   store.Ledger
	students store.Students
	gateway  payments.Gateway
	now      func() time.Time
}

// New builds the purchase service.
func New(pool *pgxpool.Pool, catalog Catalog, buys store.Purchases, ledger store.Ledger, students store.Students, gw payments.Gateway) Service {
	return &service{pool: pool, catalog: catalog, buys: buys, ledger: ledger, students: students, gateway: gw, now: time.Now}
}

func (s *service) Purchase(ctx context.Context, studentID uuid.UUID, packageID, idempotencyKey string) (domain.Purchase, error) {
	if idempotencyKey == "" {
		return domain.Purchase{}, idempotency.ErrMissingKey
	}
	pkg, err := s.catalog.Package(ctx, packageID)
	if err != nil {
		return domain.Purchase{}, err
	}
	student, err := s.students.Get(ctx, s.pool, studentID)
	if err != nil {
		return domain.Purchase{}, err
	}
	if student.StripeCustomerID == "" || student.DefaultPaymentMethod == "" {
		return domain.Purchase{}, fmt.Errorf("%w: no saved payment method", domain.ErrInvalidArgument)
	}

	purchase, err := s.buys.UpsertIntent(ctx, s.pool, domain.Purchase{
		ID:             ids.NewUUID(),
		StudentID:      studentID,
		PackageID:      pkg.ID,
		IdempotencyKey: idempotencyKey,
		AmountCents:    pkg.PriceCents,
		Currency:       pkg.Currency,
		Credits:        pkg.Credits,
	})
	if err != nil {
		return domain.Purchase{}, fmt.Errorf("record purchase intent: %w", err)
	}
	if purchase.PackageID != pkg.ID {
		return domain.Purchase{}, fmt.Errorf("%w: idempotency key reused for a different package", domain.ErrConflict)
	}
	if purchase.PaymentIntentID != "" {
		return purchase, nil
	}

	pi, err := s.gateway.CreatePaymentIntent(ctx, payments.PaymentIntentInput{
		AmountCents:    purchase.AmountCents,
		Currency:       purchase.Currency,
		CustomerID:     student.StripeCustomerID,
		PaymentMethod:  student.DefaultPaymentMethod,
		Description:    pkg.Name,
		Metadata:       map[string]string{"purchase_id": purchase.ID.String(), "student_id": studentID.String()},
		IdempotencyKey: "purchase:" + purchase.ID.String(),
	})
	if err != nil {
		return domain.Purchase{}, fmt.Errorf("create payment intent: %w", err)
	}
	status := domain.PurchasePending
	if pi.Status == "requires_action" {
		status = domain.PurchaseRequiresAction
	}
	if err := s.buys.AttachPaymentIntent(ctx, s.pool, purchase.ID, pi.ID, pi.ClientSecret, status); err != nil {
		return domain.Purchase{}, err
	}
	purchase.PaymentIntentID, purchase.ClientSecret, purchase.Status = pi.ID, pi.ClientSecret, status
	return purchase, nil
}

func (s *service) Settle(ctx context.Context, tx pgx.Tx, paymentIntentID string) error {
	p, err := s.buys.GetByPaymentIntent(ctx, tx, paymentIntentID)
	if err != nil {
		return fmt.Errorf("purchase for %s: %w", paymentIntentID, err)
	}
	pkg, err := s.catalog.Package(ctx, p.PackageID)
	if err != nil {
		return err
	}
	changed, err := s.buys.MarkSucceeded(ctx, tx, p.ID, s.now().AddDate(0, 0, pkg.ValidDays))
	if err != nil || !changed {
		return err
	}
	_, err = s.ledger.AppendOnce(ctx, tx, domain.LedgerEntry{
		ID:         ids.Derived("purchase-grant", p.ID.String()),
		StudentID:  p.StudentID,
		PurchaseID: &p.ID,
		Delta:      p.Credits,
		Reason:     "package_purchased",
	})
	return err
}

func (s *service) Fail(ctx context.Context, tx pgx.Tx, paymentIntentID string) error {
	p, err := s.buys.GetByPaymentIntent(ctx, tx, paymentIntentID)
	if err != nil {
		return err
	}
	return s.buys.MarkFailed(ctx, tx, p.ID)
}
