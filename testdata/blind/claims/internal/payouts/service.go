package payouts

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/harborline/claims/internal/events"
	"github.com/harborline/claims/internal/platform/logx"
	"github.com/harborline/claims/internal/providers/stripepay"
)

// Service implements payout use cases.
type Service struct {
	tx       TxManager
	repo     Repository
	claims   Claims
	ledger   Ledger
	inbox    WebhookInbox
	provider Provider
	jobs     Jobs
	outbox   Outbox
	now      func() time.Time
}

// NewService builds a Service.
func NewService(tx TxManager, repo Repository, claims Claims, ledger Ledger, inbox WebhookInbox, provider Provider, jobs Jobs, outbox Outbox) *Service {
	return &Service{tx: tx, repo: repo, claims: claims, ledger: ledger, inbox: inbox, provider: provider, jobs: jobs, outbox: outbox, now: time.Now}
}

// RequestCmd asks for an indemnity payment.
type RequestCmd struct {
	ClaimID        uuid.UUID
	IdempotencyKey string
	AmountCents    int64
	Currency       string
}

// Request records a payout and enqueues its transfer job in the same
// transaction. The (claim, Idempotency-Key) pair identifies the payout, so a
// retried request returns the payout created the first time.
func (s *Service) Request(ctx context.Context, cmd RequestCmd) (Payout, error) {
	var out Payout
	err := s.tx.Do(ctx, func(ctx context.Context) error {
		claim, err := s.claims.PayoutInfoForUpdate(ctx, cmd.ClaimID)
		if err != nil {
			return err
		}
		if claim.Status == "closed" {
			return ErrClaimNotPayable
		}
		if claim.ConnectedAccount == "" {
			return ErrNoDestination
		}
		p := Payout{
			ID:                 uuid.New(),
			ClaimID:            cmd.ClaimID,
			IdempotencyKey:     cmd.IdempotencyKey,
			AmountCents:        cmd.AmountCents,
			Currency:           cmd.Currency,
			DestinationAccount: claim.ConnectedAccount,
			Status:             StatusPending,
			CreatedAt:          s.now(),
		}
		inserted, err := s.repo.InsertIfAbsent(ctx, p)
		if err != nil {
			return err
		}
		if !inserted {
			out, err = s.repo.GetByKey(ctx, cmd.ClaimID, cmd.IdempotencyKey)
			return err
		}
		out = p
		return s.jobs.EnqueueTransfer(ctx, p.ID)
	})
	return out, err
}

// ExecuteTransfer performs the Stripe transfer for a pending payout. The
// payout row is the durable intent; its id is the Stripe idempotency key.
func (s *Service) ExecuteTransfer(ctx context.Context, payoutID uuid.UUID, attempt int) error {
	var p Payout
	var skip bool
	err := s.tx.Do(ctx, func(ctx context.Context) error {
		var err error
		p, err = s.repo.GetForUpdate(ctx, payoutID)
		if err != nil {
			return err
		}
		if p.Status != StatusPending && p.Status != StatusTransferInFlight {
			skip = true
			return nil
		}
		if err := s.repo.SetStatus(ctx, p.ID, StatusTransferInFlight); err != nil {
			return err
		}
		return s.repo.AppendAttempt(ctx, uuid.New(), p.ID, attempt, "transfer attempt")
	})
	if err != nil || skip {
		return err
	}
	res, err := s.provider.Transfer(ctx, stripepay.TransferRequest{
		AmountCents:   p.AmountCents,
		Currency:      p.Currency,
		Destination:   p.DestinationAccount,
		TransferGroup: "claim_" + p.ClaimID.String(),
	},
		stripepay.WithIdempotencyKey("payout-transfer-"+p.ID.String()),
		stripepay.WithMetadata("payout_id", p.ID.String()),
		stripepay.WithMetadata("claim_id", p.ClaimID.String()),
	)
	if err != nil {
		return err
	}
	return s.repo.SetTransfer(ctx, p.ID, res.ID, StatusTransferred)
}

// ExecuteBankPayout sends the transferred funds from the claimant's connected
// account to their bank.
func (s *Service) ExecuteBankPayout(ctx context.Context, payoutID uuid.UUID) error {
	p, err := s.repo.Get(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.StripePayoutID != "" || p.Status == StatusSettled {
		return nil
	}
	if p.Status != StatusTransferred {
		return fmt.Errorf("payout %s: unexpected status %s", p.ID, p.Status)
	}
	res, err := s.provider.Payout(ctx, stripepay.PayoutRequest{
		AmountCents:         p.AmountCents,
		Currency:            p.Currency,
		StatementDescriptor: "HARBORLINE CLAIM",
	},
		stripepay.WithConnectedAccount(p.DestinationAccount),
		stripepay.WithMetadata("payout_id", p.ID.String()),
	)
	if err != nil {
		return err
	}
	return s.repo.SetStripePayout(ctx, p.ID, res.ID, StatusPayoutRequested)
}

// HandleStripeEvent applies a verified Stripe webhook event. The event id is
// recorded in the same transaction as its effects.
func (s *Service) HandleStripeEvent(ctx context.Context, evt stripe.Event) error {
	return s.tx.Do(ctx, func(ctx context.Context) error {
		fresh, err := s.inbox.Record(ctx, "stripe", evt.ID)
		if err != nil || !fresh {
			return err
		}
		switch evt.Type {
		case "transfer.created":
			var tr stripe.Transfer
			if err := json.Unmarshal(evt.Data.Raw, &tr); err != nil {
				return err
			}
			return s.onTransferCreated(ctx, tr)
		case "payout.paid":
			var po stripe.Payout
			if err := json.Unmarshal(evt.Data.Raw, &po); err != nil {
				return err
			}
			return s.onPayoutPaid(ctx, po)
		case "payout.failed":
			var po stripe.Payout
			if err := json.Unmarshal(evt.Data.Raw, &po); err != nil {
				return err
			}
			id, err := uuid.Parse(po.Metadata["payout_id"])
			if err != nil {
				return nil
			}
			return s.repo.SetStatus(ctx, id, StatusFailed)
		default:
			logx.From(ctx).Debug("ignoring stripe event", "type", evt.Type)
			return nil
		}
	})
}

func (s *Service) onTransferCreated(ctx context.Context, tr stripe.Transfer) error {
	id, err := uuid.Parse(tr.Metadata["payout_id"])
	if err != nil {
		return nil // not one of ours
	}
	p, err := s.repo.GetForUpdate(ctx, id)
	if err != nil {
		return err
	}
	switch p.Status {
	case StatusPending, StatusTransferInFlight, StatusTransferred:
		if err := s.repo.SetTransfer(ctx, p.ID, tr.ID, StatusTransferred); err != nil {
			return err
		}
		return s.jobs.EnqueueBankPayout(ctx, p.ID)
	default:
		return nil
	}
}

func (s *Service) onPayoutPaid(ctx context.Context, po stripe.Payout) error {
	id, err := uuid.Parse(po.Metadata["payout_id"])
	if err != nil {
		return nil
	}
	p, err := s.repo.GetForUpdate(ctx, id)
	if err != nil {
		return err
	}
	return s.outbox.Add(ctx, events.TopicPayoutSettled, events.PayoutSettled{
		PayoutID: p.ID, ClaimID: p.ClaimID, AmountCents: p.AmountCents, StripePayoutID: po.ID,
	})
}

// Settle books a settled payout against the claim: payout status, the
// claim's paid total and the ledger.
func (s *Service) Settle(ctx context.Context, evt events.PayoutSettled) error {
	p, err := s.repo.Get(ctx, evt.PayoutID)
	if err != nil {
		return err
	}
	if p.Status == StatusSettled {
		return nil
	}
	if err := s.repo.SetStatus(ctx, p.ID, StatusSettled); err != nil {
		return err
	}
	if err := s.claims.AddPaid(ctx, p.ClaimID, p.AmountCents); err != nil {
		return err
	}
	return s.ledger.Append(ctx, p.ClaimID, "payout", p.AmountCents, p.ID.String())
}
