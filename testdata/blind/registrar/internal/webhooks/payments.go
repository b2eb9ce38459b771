package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/paygate"
	"github.com/tldhouse/registrar/internal/registry"
)

const sourcePaygate = "paygate"

type PaymentStore interface {
	Get(ctx context.Context, id uuid.UUID) (model.Payment, error)
	GetByChargeID(ctx context.Context, chargeID string) (model.Payment, error)
	SetStatus(ctx context.Context, id uuid.UUID, status model.PaymentStatus) error
	MarkSettled(ctx context.Context, id uuid.UUID, chargeID string, at time.Time) error
	InsertDispute(ctx context.Context, d model.Dispute) (bool, error)
}

type Inbox interface {
	Seen(ctx context.Context, source, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, source, eventID string) error
	MessageSeen(ctx context.Context, messageID string) (bool, error)
	AckMessage(ctx context.Context, messageID, kind, domainName string) error
	InsertZoneEvent(ctx context.Context, ev model.ZoneEvent) error
}

type Wallet interface {
	Credit(ctx context.Context, accountID uuid.UUID, amount int64, reason, reference string) (int64, error)
	Debit(ctx context.Context, accountID uuid.UUID, amount int64, reason, reference string) (int64, error)
}

type OrderReader interface {
	Get(ctx context.Context, id uuid.UUID) (model.Order, error)
}

type DomainStore interface {
	GetByName(ctx context.Context, name string) (model.Domain, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
}

type RegistryUpdater interface {
	InfoDomain(ctx context.Context, name string, opts ...registry.Option) (*registry.DomainData, error)
	UpdateDomain(ctx context.Context, req *registry.DomainUpdate, opts ...registry.Option) error
}

type eventHandler func(ctx context.Context, ev *paygate.Event) error

// PaymentEvents handles the gateway's webhook.
type PaymentEvents struct {
	tx       db.Transactor
	payments PaymentStore
	inbox    Inbox
	wallet   Wallet
	orders   OrderReader
	domains  DomainStore
	registry RegistryUpdater
	secret   string
	log      *slog.Logger
	handlers map[string]eventHandler
}

func NewPaymentEvents(cfg *config.Config, tx db.Transactor, payments PaymentStore, inbox Inbox, wallet Wallet,
	orders OrderReader, domains DomainStore, reg RegistryUpdater, log *slog.Logger) *PaymentEvents {
	h := &PaymentEvents{
		tx: tx, payments: payments, inbox: inbox, wallet: wallet, orders: orders, domains: domains,
		registry: reg, secret: cfg.Gateway.WebhookSecret, log: log.With("webhook", sourcePaygate),
	}
	h.handlers = map[string]eventHandler{
		"charge.succeeded":       h.chargeSucceeded,
		"charge.refunded":        h.chargeRefunded,
		"charge.dispute.created": h.disputeCreated,
	}
	return h
}

func (h *PaymentEvents) Handle(c *gin.Context) {
	ev, err := paygate.ParseEvent(h.secret, rawBody(c), c.GetHeader("Paygate-Signature"), 5*time.Minute)
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	fn, ok := h.handlers[ev.Type]
	if !ok {
		c.Status(http.StatusNoContent)
		return
	}
	if err := fn(c.Request.Context(), ev); err != nil {
		h.log.Error("event failed", "type", ev.Type, "event", ev.ID, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

// paymentFor finds our payment for a gateway charge. Keyed charges are
// stored before the gateway answers, so the charge id may not be on the row
// yet; the payment id travels in the charge metadata.
func (h *PaymentEvents) paymentFor(ctx context.Context, ch paygate.Charge) (model.Payment, error) {
	p, err := h.payments.GetByChargeID(ctx, ch.ID)
	if !errors.Is(err, db.ErrNotFound) {
		return p, err
	}
	id, perr := uuid.Parse(ch.Metadata["payment_id"])
	if perr != nil {
		return p, err
	}
	return h.payments.Get(ctx, id)
}

// chargeSucceeded books the effects of a confirmed charge: account credit
// for a top-up.
func (h *PaymentEvents) chargeSucceeded(ctx context.Context, ev *paygate.Event) error {
	var data paygate.ChargeEventData
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return err
	}
	p, err := h.paymentFor(ctx, data.Charge)
	if err != nil {
		return err
	}
	if p.SettledAt != nil {
		return nil
	}
	if p.Purpose == model.PurposeTopUp {
		if _, err := h.wallet.Credit(ctx, p.AccountID, p.AmountCents, "topup", p.ID.String()); err != nil {
			return err
		}
	}
	return h.payments.MarkSettled(ctx, p.ID, data.Charge.ID, time.Unix(ev.Created, 0).UTC())
}

// chargeRefunded marks the payment refunded and takes back top-up credit.
func (h *PaymentEvents) chargeRefunded(ctx context.Context, ev *paygate.Event) error {
	seen, err := h.inbox.Seen(ctx, sourcePaygate, ev.ID)
	if err != nil || seen {
		return err
	}
	var data paygate.ChargeEventData
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return err
	}
	p, err := h.paymentFor(ctx, data.Charge)
	if err != nil {
		return err
	}
	err = h.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := h.payments.SetStatus(ctx, p.ID, model.PaymentRefunded); err != nil {
			return err
		}
		if p.Purpose == model.PurposeTopUp && p.SettledAt != nil {
			_, err := h.wallet.Debit(ctx, p.AccountID, p.AmountCents, "topup_refund", p.ID.String())
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.inbox.MarkProcessed(ctx, sourcePaygate, ev.ID)
}

// disputeCreated records the dispute and puts the disputed domain on hold.
func (h *PaymentEvents) disputeCreated(ctx context.Context, ev *paygate.Event) error {
	var data paygate.DisputeEventData
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return err
	}
	dp := data.Dispute
	p, err := h.payments.GetByChargeID(ctx, dp.Charge)
	if err != nil {
		return err
	}
	var domainName string
	if p.OrderID != nil {
		o, err := h.orders.Get(ctx, *p.OrderID)
		if err != nil {
			return err
		}
		domainName = o.DomainName
	}
	err = h.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := h.payments.InsertDispute(ctx, model.Dispute{
			ID:               uuid.New(),
			GatewayDisputeID: dp.ID,
			PaymentID:        &p.ID,
			Reason:           dp.Reason,
			Status:           dp.Status,
			CreatedAt:        time.Unix(ev.Created, 0).UTC(),
		}); err != nil {
			return err
		}
		if domainName == "" {
			return nil
		}
		d, err := h.domains.GetByName(ctx, domainName)
		if errors.Is(err, db.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return h.domains.SetStatus(ctx, d.ID, "disputed")
	})
	if err != nil || domainName == "" {
		return err
	}
	return h.holdAtRegistry(ctx, domainName)
}

func (h *PaymentEvents) holdAtRegistry(ctx context.Context, name string) error {
	info, err := h.registry.InfoDomain(ctx, name)
	if registry.IsCode(err, registry.CodeObjectNotExists) {
		return nil
	}
	if err != nil {
		return err
	}
	if slices.Contains(info.Status, "clientHold") {
		return nil
	}
	return h.registry.UpdateDomain(ctx, &registry.DomainUpdate{Name: name, AddStatus: []string{"clientHold"}})
}
