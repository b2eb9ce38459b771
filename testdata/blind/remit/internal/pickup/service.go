// Package pickup confirms cash handed to recipients by SendHome agents.
package pickup

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"log/slog"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/payout"
	enttransfer "github.com/sendhome/remit/ent/transfer"
	"github.com/sendhome/remit/internal/domain"
	pay "github.com/sendhome/remit/internal/payout"
	"github.com/sendhome/remit/internal/platform/db"
	"github.com/sendhome/remit/internal/store"
)

const scopeConfirm = "pickup.confirm"

type ConfirmInput struct {
	AgentID       string
	LocationID    string
	TransferID    uuid.UUID
	PickupCode    string
	IDDocumentRef string
}

type Confirmation struct {
	ConfirmationID string `json:"confirmation_id"`
	TransferID     string `json:"transfer_id"`
	Amount         int64  `json:"amount"`
	Currency       string `json:"currency"`
	RecipientName  string `json:"recipient_name"`
}

type Service interface {
	Confirm(ctx context.Context, in ConfirmInput, idempotencyKey string) (*Confirmation, error)
}

type service struct {
	client *ent.Client
	keys   store.IdempotencyRepo
	log    *slog.Logger
}

func NewService(client *ent.Client, log *slog.Logger) Service {
	return &service{client: client, keys: store.NewIdempotencyRepo(client), log: log}
}

// Confirm records that the agent paid out cash and reimburses the agent's
// float. Agent devices retry on flaky connections with the same key.
func (s *service) Confirm(ctx context.Context, in ConfirmInput, key string) (*Confirmation, error) {
	scoped := in.AgentID + ":" + key
	if key != "" {
		prev, err := s.keys.Lookup(ctx, scopeConfirm, scoped)
		if err == nil && len(prev.Response) > 0 {
			var c Confirmation
			if err := json.Unmarshal(prev.Response, &c); err == nil {
				return &c, nil
			}
		} else if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return nil, err
		}
	}

	c, err := s.confirm(ctx, in)
	if err != nil {
		return nil, err
	}

	if key != "" {
		body, _ := json.Marshal(c)
		if err := s.keys.Save(ctx, scopeConfirm, scoped, in.AgentID, c.ConfirmationID, body); err != nil {
			s.log.Warn("store pickup idempotency key", "agent_id", in.AgentID, "err", err)
		}
	}
	return c, nil
}

func (s *service) confirm(ctx context.Context, in ConfirmInput) (*Confirmation, error) {
	var out *Confirmation
	err := db.WithTx(ctx, s.client, func(tx *ent.Tx) error {
		t, err := tx.Transfer.Query().Where(enttransfer.ID(in.TransferID)).ForUpdate().Only(ctx)
		if err != nil {
			return err
		}
		if t.PayoutMethod != enttransfer.PayoutMethodCashPickup {
			return domain.Invalidf("transfer %s is not a cash pickup", t.ID)
		}
		switch t.Status {
		case enttransfer.StatusCancelled, enttransfer.StatusRefunded, enttransfer.StatusFailed, enttransfer.StatusOnHold:
			return domain.Preconditionf("transfer is %s", t.Status)
		}
		if subtle.ConstantTimeCompare([]byte(t.PickupCode), []byte(in.PickupCode)) != 1 {
			return domain.Invalidf("pickup code does not match")
		}
		p, err := tx.Payout.Query().
			Where(payout.TransferID(t.ID), payout.Partner(pay.AgentNetwork), payout.StatusNEQ(payout.StatusCancelled)).
			Order(ent.Desc(payout.FieldCreatedAt)).
			First(ctx)
		if err != nil {
			return err
		}
		pc, err := tx.PickupConfirmation.Create().
			SetTransferID(t.ID).
			SetPayoutID(p.ID).
			SetAgentID(in.AgentID).
			SetLocationID(in.LocationID).
			SetIDDocumentRef(in.IDDocumentRef).
			SetAmount(t.ReceiveAmount).
			SetCurrency(t.ReceiveCurrency).
			Save(ctx)
		if err != nil {
			return err
		}
		if err := tx.Payout.UpdateOne(p).SetStatus(payout.StatusPaid).Exec(ctx); err != nil {
			return err
		}
		if err := tx.Transfer.UpdateOne(t).SetStatus(enttransfer.StatusCollected).Exec(ctx); err != nil {
			return err
		}
		// The agent handed out cash from their till; credit their float.
		if err := store.NewLedgerRepo(tx.Client()).Post(ctx,
			store.Pair(t.ID, "payout_clearing:agent_network", "agent_float:"+in.AgentID, t.ReceiveAmount, t.ReceiveCurrency, "agent_cash_out")...); err != nil {
			return err
		}
		rcp, err := tx.Recipient.Get(ctx, t.RecipientID)
		if err != nil {
			return err
		}
		out = &Confirmation{
			ConfirmationID: pc.ID.String(),
			TransferID:     t.ID.String(),
			Amount:         t.ReceiveAmount,
			Currency:       t.ReceiveCurrency,
			RecipientName:  rcp.FullName,
		}
		return nil
	})
	return out, err
}
