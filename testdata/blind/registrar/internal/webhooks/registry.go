package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/flows"
	"github.com/tldhouse/registrar/internal/mail"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/registry"
)

type TransferStore interface {
	GetByRegistryID(ctx context.Context, registryID string) (model.Transfer, error)
	InsertFromRegistry(ctx context.Context, t model.Transfer) (bool, error)
	Complete(ctx context.Context, id uuid.UUID, status string, at time.Time) error
}

type AccountReader interface {
	Get(ctx context.Context, id uuid.UUID) (model.Account, error)
}

type messageHandler func(ctx context.Context, msg registry.Message) error

// RegistryEvents handles the poll messages the registry pushes to us.
type RegistryEvents struct {
	tx        db.Transactor
	inbox     Inbox
	transfers TransferStore
	domains   DomainStore
	accounts  AccountReader
	mail      mail.Sender
	templates mail.Templates
	starter   flows.Starter
	secret    string
	log       *slog.Logger
	handlers  map[string]messageHandler
}

func NewRegistryEvents(cfg *config.Config, tx db.Transactor, inbox Inbox, transfers TransferStore, domains DomainStore,
	accounts AccountReader, sender mail.Sender, starter flows.Starter, log *slog.Logger) *RegistryEvents {
	h := &RegistryEvents{
		tx: tx, inbox: inbox, transfers: transfers, domains: domains, accounts: accounts,
		mail: sender, templates: mail.Templates{PortalURL: cfg.Mail.PortalURL}, starter: starter,
		secret: cfg.Registry.WebhookSecret, log: log.With("webhook", "registry"),
	}
	h.handlers = map[string]messageHandler{
		registry.MsgTransferRequested: h.transferRequested,
		registry.MsgTransferApproved:  h.transferOutcome(true),
		registry.MsgTransferRejected:  h.transferOutcome(false),
	}
	return h
}

func (h *RegistryEvents) Handle(c *gin.Context) {
	body := rawBody(c)
	if !registry.VerifySignature(h.secret, body, c.GetHeader("X-Registry-Signature")) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	var msg registry.Message
	if err := json.Unmarshal(body, &msg); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	ctx := c.Request.Context()
	seen, err := h.inbox.MessageSeen(ctx, msg.ID)
	if err != nil {
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	if seen {
		c.Status(http.StatusOK)
		return
	}
	fn, ok := h.handlers[msg.Type]
	if !ok {
		if err := h.inbox.AckMessage(ctx, msg.ID, msg.Type, msg.Domain); err != nil {
			c.AbortWithStatus(http.StatusInternalServerError)
			return
		}
		c.Status(http.StatusOK)
		return
	}
	if err := fn(ctx, msg); err != nil {
		h.log.Error("message failed", "type", msg.Type, "msg", msg.ID, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

// transferRequested is sent when another registrar asks for one of our
// domains. The registrant is told and can reject it from the portal.
func (h *RegistryEvents) transferRequested(ctx context.Context, msg registry.Message) error {
	if msg.Transfer == nil {
		return errors.New("transfer message without transfer data")
	}
	d, err := h.domains.GetByName(ctx, msg.Domain)
	if errors.Is(err, db.ErrNotFound) {
		return h.inbox.AckMessage(ctx, msg.ID, msg.Type, msg.Domain)
	}
	if err != nil {
		return err
	}
	acct, err := h.accounts.Get(ctx, d.AccountID)
	if err != nil {
		return err
	}
	tr := msg.Transfer
	notice := h.templates.TransferOutPending(acct.Email, d.Name, tr.RequestedBy, tr.ActionDate)
	if _, err := h.mail.Send(ctx, notice); err != nil {
		return err
	}
	return h.tx.WithinTx(ctx, func(ctx context.Context) error {
		accountID := d.AccountID
		if _, err := h.transfers.InsertFromRegistry(ctx, model.Transfer{
			ID:                 uuid.New(),
			AccountID:          &accountID,
			DomainName:         d.Name,
			Direction:          model.TransferOut,
			Status:             "pending",
			RegistryTransferID: tr.TransferID,
			GainingRegistrar:   tr.RequestedBy,
			RequestedAt:        tr.RequestedAt,
		}); err != nil {
			return err
		}
		if err := h.domains.SetStatus(ctx, d.ID, "pending_transfer"); err != nil {
			return err
		}
		return h.inbox.AckMessage(ctx, msg.ID, msg.Type, msg.Domain)
	})
}

// transferOutcome handles the registry's final word on a transfer, in either
// direction.
func (h *RegistryEvents) transferOutcome(approved bool) messageHandler {
	return func(ctx context.Context, msg registry.Message) error {
		if msg.Transfer == nil {
			return errors.New("transfer message without transfer data")
		}
		t, err := h.transfers.GetByRegistryID(ctx, msg.Transfer.TransferID)
		if errors.Is(err, db.ErrNotFound) {
			return h.inbox.AckMessage(ctx, msg.ID, msg.Type, msg.Domain)
		}
		if err != nil {
			return err
		}

		if t.Direction == model.TransferIn {
			outcome := flows.RegistryOutcome{Approved: approved, At: msg.Transfer.ActionDate}
			if !approved {
				outcome.Reason = "rejected by losing registrar"
			}
			if err := h.starter.Signal(ctx, t.WorkflowID, flows.SignalRegistryOutcome, outcome); err != nil {
				return err
			}
			return h.inbox.AckMessage(ctx, msg.ID, msg.Type, msg.Domain)
		}

		return h.tx.WithinTx(ctx, func(ctx context.Context) error {
			status, domainStatus := "completed", "transferred_out"
			if !approved {
				status, domainStatus = "rejected", "active"
			}
			if err := h.transfers.Complete(ctx, t.ID, status, msg.Transfer.ActionDate); err != nil {
				return err
			}
			d, err := h.domains.GetByName(ctx, t.DomainName)
			if err != nil {
				return err
			}
			if err := h.domains.SetStatus(ctx, d.ID, domainStatus); err != nil {
				return err
			}
			return h.inbox.AckMessage(ctx, msg.ID, msg.Type, msg.Domain)
		})
	}
}
