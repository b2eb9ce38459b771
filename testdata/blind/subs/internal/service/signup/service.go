// Package signup creates a customer and a subscription for a plan sign-up
// from the public API.
package signup

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/stripe/stripe-go/v82"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/platform/ids"
	"github.com/meterly/subs/internal/platform/txn"
	"github.com/meterly/subs/internal/provider/stripex"
	"github.com/meterly/subs/internal/storage/gormrepo"
)

const idemScope = "signup"

// CustomerGateway creates the customer at the payment provider.
type CustomerGateway interface {
	CreateCustomer(ctx context.Context, req stripex.CustomerRequest, opts ...stripex.CallOption) (*stripe.Customer, error)
}

type Request struct {
	Email         string `json:"email"`
	Name          string `json:"name"`
	PlanID        string `json:"plan_id"`
	PaymentMethod string `json:"payment_method"`
}

type Result struct {
	CustomerID     string `json:"customer_id"`
	SubscriptionID string `json:"subscription_id"`
	Status         string `json:"status"`
	PeriodEnd      string `json:"current_period_end"`
}

type Service struct {
	db        *sqlx.DB
	idem      billing.IdempotencyRepository
	customers billing.CustomerRepository
	subs      billing.SubscriptionRepository
	plans     gormrepo.Repo[gormrepo.Plan]
	gateway   CustomerGateway
	now       func() time.Time
	log       *slog.Logger
}

func NewService(
	db *sqlx.DB,
	idem billing.IdempotencyRepository,
	customers billing.CustomerRepository,
	subs billing.SubscriptionRepository,
	plans gormrepo.Repo[gormrepo.Plan],
	gateway CustomerGateway,
	log *slog.Logger,
) *Service {
	return &Service{db: db, idem: idem, customers: customers, subs: subs, plans: plans,
		gateway: gateway, now: time.Now, log: log.With("service", "signup")}
}

type pending struct {
	customer billing.Customer
	sub      billing.Subscription
	done     *Result
}

// SignUp is idempotent per idempotency key: the key is claimed in the same
// transaction that creates the customer and subscription rows, and the
// Stripe customer is created with a key derived from our customer id.
func (s *Service) SignUp(ctx context.Context, idemKey string, req Request) (Result, error) {
	plan, err := s.plans.FindByID(ctx, req.PlanID, gormrepo.Where("active = ?", true))
	if err != nil {
		return Result{}, fmt.Errorf("signup: plan %q: %w", req.PlanID, err)
	}
	hash := requestHash(req)

	p, err := txn.Run(ctx, s.db, func(tx *sqlx.Tx) (pending, error) {
		idem := s.idem.WithTx(tx)
		rec, err := idem.Claim(ctx, idemScope, idemKey, hash)
		if err != nil {
			return pending{}, err
		}
		if rec.Completed() {
			var r Result
			if err := json.Unmarshal(rec.ResponseBody, &r); err != nil {
				return pending{}, fmt.Errorf("signup: stored response: %w", err)
			}
			return pending{done: &r}, nil
		}
		if rec.ResourceID != nil {
			sub, err := s.subs.WithTx(tx).Get(ctx, *rec.ResourceID)
			if err != nil {
				return pending{}, err
			}
			cust, err := s.customers.WithTx(tx).Get(ctx, sub.CustomerID)
			return pending{customer: cust, sub: sub}, err
		}

		now := s.now().UTC()
		cust := billing.Customer{ID: ids.New("cus"), Email: req.Email, Name: req.Name}
		if err := s.customers.WithTx(tx).Insert(ctx, cust); err != nil {
			return pending{}, err
		}
		sub := billing.Subscription{
			ID:                 ids.New("sub"),
			CustomerID:         cust.ID,
			PlanID:             plan.ID,
			Status:             billing.SubscriptionPending,
			CurrentPeriodStart: now,
			CurrentPeriodEnd:   periodEnd(now, plan.BillingInterval),
		}
		if err := s.subs.WithTx(tx).Insert(ctx, sub); err != nil {
			return pending{}, err
		}
		if err := idem.AttachResource(ctx, idemScope, idemKey, sub.ID); err != nil {
			return pending{}, err
		}
		return pending{customer: cust, sub: sub}, nil
	})
	if err != nil {
		return Result{}, err
	}
	if p.done != nil {
		return *p.done, nil
	}

	stripeID := p.customer.StripeCustomerID.String
	if !p.customer.StripeCustomerID.Valid {
		sc, err := s.gateway.CreateCustomer(ctx, stripex.CustomerRequest{
			Email:         req.Email,
			Name:          req.Name,
			PaymentMethod: req.PaymentMethod,
			InternalID:    p.customer.ID,
		}, stripex.WithIdempotencyKey("customer-create-"+p.customer.ID))
		if err != nil {
			return Result{}, fmt.Errorf("signup: create stripe customer: %w", err)
		}
		stripeID = sc.ID
	}

	res := Result{
		CustomerID:     p.customer.ID,
		SubscriptionID: p.sub.ID,
		Status:         string(billing.SubscriptionActive),
		PeriodEnd:      p.sub.CurrentPeriodEnd.Format(time.RFC3339),
	}
	body, err := json.Marshal(res)
	if err != nil {
		return Result{}, err
	}
	err = txn.Do(ctx, s.db, func(tx *sqlx.Tx) error {
		idem := s.idem.WithTx(tx)
		rec, err := idem.Claim(ctx, idemScope, idemKey, hash)
		if err != nil {
			return err
		}
		if rec.Completed() {
			return nil
		}
		if err := s.customers.WithTx(tx).SetStripeCustomer(ctx, p.customer.ID, stripeID); err != nil {
			return err
		}
		if err := s.subs.WithTx(tx).SetStatus(ctx, p.sub.ID, billing.SubscriptionActive); err != nil {
			return err
		}
		return idem.Complete(ctx, idemScope, idemKey, http.StatusCreated, body)
	})
	if err != nil {
		return Result{}, err
	}
	s.log.InfoContext(ctx, "signup completed", "customer_id", res.CustomerID, "subscription_id", res.SubscriptionID)
	return res, nil
}

// ErrMissingKey is returned when the caller omits the Idempotency-Key.
var ErrMissingKey = errors.New("signup: Idempotency-Key header is required")

func requestHash(r Request) string {
	h := sha256.New()
	_ = json.NewEncoder(h).Encode(r)
	return hex.EncodeToString(h.Sum(nil))
}

func periodEnd(start time.Time, interval string) time.Time {
	if interval == "year" {
		return start.AddDate(1, 0, 0)
	}
	return start.AddDate(0, 1, 0)
}
