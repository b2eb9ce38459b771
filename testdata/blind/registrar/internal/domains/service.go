// Package domains implements the customer operations on domains: ordering
// registrations and transfers, renewing, and changing delegation.
package domains

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/flows"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/pricing"
	"github.com/tldhouse/registrar/internal/registry"
	"github.com/tldhouse/registrar/internal/store"
)

var (
	ErrUnavailable = errors.New("domain is not available")
	ErrNotActive   = errors.New("domain is not active")
	ErrTooLong     = errors.New("registration would exceed ten years")
)

type OrderStore interface {
	Insert(ctx context.Context, o model.Order) error
	Get(ctx context.Context, id uuid.UUID) (model.Order, error)
}

type DomainStore interface {
	GetOwned(ctx context.Context, accountID uuid.UUID, name string) (model.Domain, error)
	SetNameservers(ctx context.Context, id uuid.UUID, ns []string) error
	SetAutoRenew(ctx context.Context, id uuid.UUID, on bool) error
}

type TransferStore interface {
	Insert(ctx context.Context, t model.Transfer) error
}

type KeyStore interface {
	Claim(ctx context.Context, rec store.IdemRecord) (bool, store.IdemRecord, error)
	AttachResource(ctx context.Context, accountID uuid.UUID, scope, key, resourceID string) error
}

type ContactReader interface {
	Get(ctx context.Context, accountID, id uuid.UUID) (model.Contact, error)
}

type Registry interface {
	CheckDomains(ctx context.Context, names []string, opts ...registry.Option) ([]registry.Availability, error)
	InfoDomain(ctx context.Context, name string, opts ...registry.Option) (*registry.DomainData, error)
	UpdateDomain(ctx context.Context, req *registry.DomainUpdate, opts ...registry.Option) error
}

type Prices interface {
	For(kind model.OrderKind, years int, premium bool) pricing.Quote
}

type Service struct {
	tx        db.Transactor
	orders    OrderStore
	domains   DomainStore
	transfers TransferStore
	keys      KeyStore
	contacts  ContactReader
	registry  Registry
	prices    Prices
	starter   flows.Starter
	log       *slog.Logger
	now       func() time.Time
}

type Deps struct {
	Tx        db.Transactor
	Orders    OrderStore
	Domains   DomainStore
	Transfers TransferStore
	Keys      KeyStore
	Contacts  ContactReader
	Registry  Registry
	Prices    Prices
	Starter   flows.Starter
	Log       *slog.Logger
}

func NewService(d Deps) *Service {
	return &Service{
		tx: d.Tx, orders: d.Orders, domains: d.Domains, transfers: d.Transfers, keys: d.Keys,
		contacts: d.Contacts, registry: d.Registry, prices: d.Prices, starter: d.Starter, log: d.Log,
		now: time.Now,
	}
}

// RegistrationRequest is what the customer submits to register a domain.
type RegistrationRequest struct {
	Domain          string     `json:"domain" binding:"required"`
	Years           int        `json:"years" binding:"required,min=1,max=10"`
	ContactID       uuid.UUID  `json:"contact_id" binding:"required"`
	PaymentMethodID *uuid.UUID `json:"payment_method_id"`
	Nameservers     []string   `json:"nameservers"`
}

func requestHash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

const scopeRegistration = "registration"

// SubmitRegistration creates the order for a registration and starts its
// workflow.
func (s *Service) SubmitRegistration(ctx context.Context, p model.Principal, idemKey string, req RegistrationRequest) (model.Order, error) {
	name, err := NormalizeName(req.Domain)
	if err != nil {
		return model.Order{}, err
	}
	ns, err := NormalizeHosts(req.Nameservers)
	if err != nil {
		return model.Order{}, fmt.Errorf("nameservers: %w", err)
	}
	if _, err := s.contacts.Get(ctx, p.AccountID, req.ContactID); err != nil {
		return model.Order{}, fmt.Errorf("contact: %w", err)
	}

	var order model.Order
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		claimed, prev, err := s.keys.Claim(ctx, store.IdemRecord{
			AccountID:   p.AccountID,
			Key:         idemKey,
			Scope:       scopeRegistration,
			RequestHash: requestHash(req),
		})
		if err != nil {
			return err
		}
		if !claimed {
			id, err := uuid.Parse(prev.ResourceID)
			if err != nil {
				return fmt.Errorf("idempotency key %q has no order", idemKey)
			}
			order, err = s.orders.Get(ctx, id)
			return err
		}

		avail, err := s.registry.CheckDomains(ctx, []string{name})
		if err != nil {
			return err
		}
		if len(avail) != 1 || !avail[0].Available {
			return ErrUnavailable
		}
		q := s.prices.For(model.OrderRegister, req.Years, avail[0].Premium)
		now := s.now().UTC()
		contactID := req.ContactID
		order = model.Order{
			ID:              uuid.New(),
			AccountID:       p.AccountID,
			Kind:            model.OrderRegister,
			DomainName:      name,
			PeriodYears:     req.Years,
			AmountCents:     q.AmountCents,
			Currency:        q.Currency,
			Status:          model.OrderPending,
			ContactID:       &contactID,
			PaymentMethodID: req.PaymentMethodID,
			Nameservers:     ns,
			CreatedAt:       now,
			UpdatedAt:       now,
		}
		order.WorkflowID = flows.RegistrationWorkflowID(order.ID)
		if err := s.orders.Insert(ctx, order); err != nil {
			return err
		}
		return s.keys.AttachResource(ctx, p.AccountID, scopeRegistration, idemKey, order.ID.String())
	})
	if err != nil {
		return model.Order{}, err
	}

	if order.Status == model.OrderPending || order.Status == model.OrderProcessing {
		if _, err := s.starter.Start(ctx, flows.RegistrationWorkflowName,
			flows.RegistrationInput{OrderID: order.ID},
			flows.WithID(order.WorkflowID), flows.RejectDuplicate()); err != nil {
			return order, err
		}
	}
	return order, nil
}
