package customers

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/google/uuid"

	"github.com/nimbusrack/hosting/internal/events"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
	"github.com/nimbusrack/hosting/internal/providers/payments"
)

// BillingAccounts creates the customer record at the payment provider.
type BillingAccounts interface {
	CreateCustomer(ctx context.Context, email, name string, opts ...payments.CallOption) (string, error)
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any, opts ...messaging.PublishOption) error
}

// Service implements account registration.
type Service struct {
	repo    *Repository
	billing BillingAccounts
	events  Publisher
}

// NewService wires a Service.
func NewService(repo *Repository, billing BillingAccounts, events Publisher) *Service {
	return &Service{repo: repo, billing: billing, events: events}
}

// RegisterInput is the sign-up form.
type RegisterInput struct {
	Email   string
	Name    string
	Company string
}

// Registration is returned to the caller; APIKey is only set the first time.
type Registration struct {
	Customer *Customer
	APIKey   string
	Created  bool
}

// Register creates the account, keyed by email, and its Stripe customer.
func (s *Service) Register(ctx context.Context, in RegisterInput) (*Registration, error) {
	c := &Customer{Email: in.Email, Name: in.Name}
	if in.Company != "" {
		c.Company = &in.Company
	}
	stored, created, err := s.repo.InsertIfAbsent(ctx, c)
	if err != nil {
		return nil, fmt.Errorf("insert customer: %w", err)
	}

	reg := &Registration{Customer: stored, Created: created}
	if created {
		key, hash := newAPIKey()
		if err := s.repo.SetAPIKeyHash(ctx, stored.ID, hash); err != nil {
			return nil, err
		}
		reg.APIKey = key
	}

	if stored.StripeCustomerID != nil {
		return reg, nil
	}

	ref, err := s.billing.CreateCustomer(ctx, stored.Email, stored.Name,
		payments.WithIdempotencyKey("customer-create-"+stored.ID.String()),
		payments.WithMetadata("customer_id", stored.ID.String()),
	)
	if err != nil {
		return nil, err
	}
	if err := s.repo.SetStripeCustomer(ctx, stored.ID, ref); err != nil {
		return nil, err
	}
	stored.StripeCustomerID = &ref

	err = s.events.Publish(ctx, events.TopicCustomerCreated, events.CustomerCreated{
		CustomerID: stored.ID,
		Email:      stored.Email,
		Name:       stored.Name,
		CreatedAt:  stored.CreatedAt,
	},
		messaging.WithMessageID("customer-created-"+stored.ID.String()),
		messaging.WithPartitionKey(stored.ID.String()),
	)
	if err != nil {
		return nil, fmt.Errorf("publish customer.created: %w", err)
	}
	return reg, nil
}

// SetPaymentMethod stores the card token collected by the dashboard.
func (s *Service) SetPaymentMethod(ctx context.Context, id uuid.UUID, pm string) error {
	return s.repo.SetDefaultPaymentMethod(ctx, id, pm)
}

func newAPIKey() (key, hash string) {
	var b [24]byte
	_, _ = rand.Read(b[:])
	key = "nrk_" + hex.EncodeToString(b[:])
	sum := sha256.Sum256([]byte(key))
	return key, hex.EncodeToString(sum[:])
}
