package flows

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"

	"github.com/tldhouse/registrar/internal/billing"
	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/mail"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/pricing"
	"github.com/tldhouse/registrar/internal/registry"
)

const (
	ErrTypeDeclined = "CardDeclined"
	ErrTypeInvalid  = "InvalidOrder"
)

type OrderStore interface {
	Get(ctx context.Context, id uuid.UUID) (model.Order, error)
	SetStatus(ctx context.Context, id uuid.UUID, status model.OrderStatus, reason string) error
}

type DomainStore interface {
	Get(ctx context.Context, id uuid.UUID) (model.Domain, error)
	Insert(ctx context.Context, d model.Domain) error
	UpsertByName(ctx context.Context, d model.Domain) (model.Domain, error)
	ExtendExpiry(ctx context.Context, id uuid.UUID, years int) (time.Time, error)
}

type TransferStore interface {
	Get(ctx context.Context, id uuid.UUID) (model.Transfer, error)
	SetRegistryID(ctx context.Context, id uuid.UUID, registryID string) error
	Complete(ctx context.Context, id uuid.UUID, status string, at time.Time) error
}

type ContactReader interface {
	Get(ctx context.Context, accountID, id uuid.UUID) (model.Contact, error)
}

type AccountReader interface {
	Get(ctx context.Context, id uuid.UUID) (model.Account, error)
}

type RenewalStore interface {
	Record(ctx context.Context, rn model.Renewal) error
}

type InvoiceStore interface {
	Insert(ctx context.Context, inv model.Invoice) error
}

type NoticeStore interface {
	Claim(ctx context.Context, key string, accountID uuid.UUID, kind string) (bool, error)
	MarkSent(ctx context.Context, key string) error
}

type Billing interface {
	Charge(ctx context.Context, spec billing.ChargeSpec) (model.Payment, error)
	RefundOrder(ctx context.Context, orderID uuid.UUID, reason string) error
}

type Registry interface {
	CreateDomain(ctx context.Context, req *registry.DomainCreate, opts ...registry.Option) (*registry.DomainData, error)
	RenewDomain(ctx context.Context, req *registry.DomainRenew, opts ...registry.Option) (*registry.DomainData, error)
	InfoDomain(ctx context.Context, name string, opts ...registry.Option) (*registry.DomainData, error)
	TransferDomain(ctx context.Context, req *registry.DomainTransfer, opts ...registry.Option) (*registry.TransferData, error)
}

type ZoneProvisioner interface {
	ProvisionZone(ctx context.Context, domainID uuid.UUID) (model.Zone, error)
}

type Prices interface {
	For(kind model.OrderKind, years int, premium bool) pricing.Quote
}

// Activities holds the dependencies of every activity. The worker registers
// one instance; Temporal calls its methods by name.
type Activities struct {
	Tx        db.Transactor
	Orders    OrderStore
	Domains   DomainStore
	Transfers TransferStore
	Contacts  ContactReader
	Accounts  AccountReader
	Renewals  RenewalStore
	Invoices  InvoiceStore
	Notices   NoticeStore
	Billing   Billing
	Registry  Registry
	Zones     ZoneProvisioner
	Prices    Prices
	Mail      mail.Sender
	Templates mail.Templates
	DefaultNS []string
}

func nonRetryable(typ string, err error) error {
	return temporal.NewNonRetryableApplicationError(err.Error(), typ, err)
}

func chargeResult(p model.Payment, domainName string) ChargeResult {
	return ChargeResult{
		AccountID:  p.AccountID,
		DomainName: domainName,
		PaymentID:  p.ID,
		Status:     string(p.Status),
		Amount:     p.AmountCents,
		Currency:   p.Currency,
	}
}

func newAuthInfo() string {
	var b [15]byte
	_, _ = rand.Read(b[:])
	return base32.StdEncoding.EncodeToString(b[:])
}

// ChargeRegistration charges the card for a registration order.
func (a *Activities) ChargeRegistration(ctx context.Context, orderID uuid.UUID) (ChargeResult, error) {
	o, err := a.Orders.Get(ctx, orderID)
	if err != nil {
		return ChargeResult{}, err
	}
	if o.Kind != model.OrderRegister {
		return ChargeResult{}, nonRetryable(ErrTypeInvalid, fmt.Errorf("order %s is a %s order", o.ID, o.Kind))
	}
	if err := a.Orders.SetStatus(ctx, o.ID, model.OrderProcessing, ""); err != nil {
		return ChargeResult{}, err
	}
	p, err := a.Billing.Charge(ctx, billing.ChargeSpec{
		AccountID:       o.AccountID,
		OrderID:         &o.ID,
		Purpose:         model.PurposeOrder,
		AmountCents:     o.AmountCents,
		Currency:        o.Currency,
		PaymentMethodID: o.PaymentMethodID,
		Description:     fmt.Sprintf("Registration of %s (%d yr)", o.DomainName, o.PeriodYears),
		OperationKey:    "order:" + o.ID.String(),
	})
	if errors.Is(err, billing.ErrDeclined) || errors.Is(err, billing.ErrNoCard) {
		return ChargeResult{}, nonRetryable(ErrTypeDeclined, err)
	}
	if err != nil {
		return ChargeResult{}, err
	}
	return chargeResult(p, o.DomainName), nil
}

// CreateAtRegistry creates the domain at the registry.
func (a *Activities) CreateAtRegistry(ctx context.Context, in RegistrationInput) (RegistryCreateResult, error) {
	o, err := a.Orders.Get(ctx, in.OrderID)
	if err != nil {
		return RegistryCreateResult{}, err
	}
	if o.ContactID == nil {
		return RegistryCreateResult{}, nonRetryable(ErrTypeInvalid, errors.New("order has no registrant"))
	}
	c, err := a.Contacts.Get(ctx, o.AccountID, *o.ContactID)
	if err != nil {
		return RegistryCreateResult{}, err
	}
	ns := o.Nameservers
	if len(ns) == 0 {
		ns = a.DefaultNS
	}
	d, err := a.Registry.CreateDomain(ctx, &registry.DomainCreate{
		Name:         o.DomainName,
		PeriodYears:  o.PeriodYears,
		Registrant:   c.RegistryHandle,
		AdminContact: c.RegistryHandle,
		TechContact:  c.RegistryHandle,
		Nameservers:  ns,
		AuthInfo:     newAuthInfo(),
	}, registry.WithClTRID("create-"+o.ID.String()))
	if err != nil {
		if registry.IsCode(err, registry.CodeObjectExists) {
			return RegistryCreateResult{}, nonRetryable(ErrTypeInvalid, err)
		}
		return RegistryCreateResult{}, err
	}
	return RegistryCreateResult{
		ROID:        d.ROID,
		CreatedAt:   d.CreatedAt,
		ExpiresAt:   d.ExpiresAt,
		Nameservers: d.Nameservers,
	}, nil
}

// RecordRegistration stores the registered domain and completes the order.
func (a *Activities) RecordRegistration(ctx context.Context, in RecordRegistrationInput) (uuid.UUID, error) {
	o, err := a.Orders.Get(ctx, in.OrderID)
	if err != nil {
		return uuid.Nil, err
	}
	d := model.Domain{
		ID:                  uuid.New(),
		Name:                o.DomainName,
		AccountID:           o.AccountID,
		RegistrantContactID: o.ContactID,
		RegistryROID:        in.Registry.ROID,
		Status:              "active",
		AutoRenew:           true,
		Nameservers:         in.Registry.Nameservers,
		RegisteredAt:        in.Registry.CreatedAt,
		ExpiresAt:           in.Registry.ExpiresAt,
	}
	err = a.Tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := a.Domains.Insert(ctx, d); err != nil {
			return err
		}
		return a.Orders.SetStatus(ctx, o.ID, model.OrderCompleted, "")
	})
	if err != nil {
		return uuid.Nil, err
	}
	return d.ID, nil
}

// ProvisionZone creates the DNS zone of a newly registered domain.
func (a *Activities) ProvisionZone(ctx context.Context, domainID uuid.UUID) error {
	_, err := a.Zones.ProvisionZone(ctx, domainID)
	return err
}

// RefundOrder refunds whatever was charged for an order and marks it failed.
func (a *Activities) RefundOrder(ctx context.Context, in RefundInput) error {
	if err := a.Billing.RefundOrder(ctx, in.OrderID, in.Reason); err != nil {
		return err
	}
	return a.Orders.SetStatus(ctx, in.OrderID, model.OrderFailed, in.Reason)
}
