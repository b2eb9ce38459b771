// Package disburse turns cleared transfers into partner payouts and tracks
// their outcome.
package disburse

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	entpayout "github.com/sendhome/remit/ent/payout"
	enttransfer "github.com/sendhome/remit/ent/transfer"
	"github.com/sendhome/remit/internal/config"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/events"
	"github.com/sendhome/remit/internal/payout"
	"github.com/sendhome/remit/internal/platform/db"
	"github.com/sendhome/remit/internal/platform/ids"
	"github.com/sendhome/remit/internal/platform/redisx"
	"github.com/sendhome/remit/internal/platform/retry"
	"github.com/sendhome/remit/internal/store"
)

var (
	ErrPaused = errors.New("disburse: payouts are paused")
	ErrBusy   = errors.New("disburse: payout is being dispatched elsewhere")
)

type Service interface {
	Plan(ctx context.Context, transferID uuid.UUID) error
	Dispatch(ctx context.Context, payoutID uuid.UUID) error
	Resubmit(ctx context.Context, payoutID uuid.UUID, by string) (*ent.Payout, error)
	Reroute(ctx context.Context, payoutID uuid.UUID, partner, by string) (*ent.Payout, error)
	PartnerStatus(ctx context.Context, partner, partnerRef, status, reason string) error
}

type service struct {
	client      *ent.Client
	payouts     store.PayoutRepo
	transfers   store.TransferRepo
	recipients  store.RecipientRepo
	router      payout.Router
	locker      redisx.Locker
	flags       redisx.Flags
	pub         events.Publisher
	callbackURL string
	log         *slog.Logger
}

func NewService(client *ent.Client, router payout.Router, locker redisx.Locker, flags redisx.Flags, pub events.Publisher, cfg *config.Config, log *slog.Logger) Service {
	return &service{
		client:      client,
		payouts:     store.NewPayoutRepo(client),
		transfers:   store.NewTransferRepo(client),
		recipients:  store.NewRecipientRepo(client),
		router:      router,
		locker:      locker,
		flags:       flags,
		pub:         pub,
		callbackURL: cfg.PublicWebhookBase + "/webhooks/partners/%s/payouts",
		log:         log,
	}
}

// Plan creates the payout for a transfer that passed compliance.
func (s *service) Plan(ctx context.Context, transferID uuid.UUID) error {
	t, err := s.transfers.Get(ctx, transferID)
	if err != nil {
		return err
	}
	if t.Status != enttransfer.StatusCleared {
		s.log.Info("plan skipped", "transfer_id", t.ID, "status", t.Status)
		return nil
	}

	partnerName := payout.AgentNetwork
	if t.PayoutMethod != enttransfer.PayoutMethodCashPickup {
		partner, err := s.router.ForRoute(t.Corridor, string(t.PayoutMethod))
		if err != nil {
			return err
		}
		partnerName = partner.Name()
	}
	p := newPayout(t, partnerName)

	err = db.WithTx(ctx, s.client, func(tx *ent.Tx) error {
		if _, err := store.NewPayoutRepo(tx.Client()).Create(ctx, p); err != nil {
			return err
		}
		if t.PayoutMethod == enttransfer.PayoutMethodCashPickup {
			return tx.Transfer.UpdateOneID(t.ID).
				SetPickupCode(ids.PickupCode()).
				SetStatus(enttransfer.StatusPayingOut).
				Exec(ctx)
		}
		return nil
	})
	if err != nil {
		return err
	}

	next := events.PayoutDispatch
	if t.PayoutMethod == enttransfer.PayoutMethodCashPickup {
		next = events.PickupReady
	}
	_, err = s.pub.Publish(ctx, next, events.Fields{
		"transfer_id": t.ID.String(),
		"payout_id":   p.ID.String(),
	})
	return err
}

// Dispatch submits a pending payout to its partner. The payout ID is the
// partner idempotency key, so repeated dispatches of the same payout are
// collapsed by the partner.
func (s *service) Dispatch(ctx context.Context, payoutID uuid.UUID) error {
	release, err := s.locker.Acquire(ctx, "payout:"+payoutID.String(), 2*time.Minute)
	if errors.Is(err, redisx.ErrLocked) {
		return ErrBusy
	}
	if err != nil {
		return err
	}
	defer release()

	if s.flags.Enabled(ctx, "payouts.paused") {
		return ErrPaused
	}
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status != entpayout.StatusPending {
		return nil
	}
	t, err := s.transfers.Get(ctx, p.TransferID)
	if err != nil {
		return err
	}
	rcp, err := s.recipients.Get(ctx, t.RecipientID)
	if err != nil {
		return err
	}
	partner, err := s.router.ByName(p.Partner)
	if err != nil {
		return err
	}
	req, err := payout.NewRequest(p).To(rcp).Narrative(narrative(t)).Build()
	if err != nil {
		return err
	}

	receipt, err := retry.Do(ctx, retry.Partner, func() (*payout.Receipt, error) {
		return partner.Submit(ctx, req,
			payout.WithIdempotencyKey(p.ID.String()),
			payout.WithCallback(fmt.Sprintf(s.callbackURL, partner.Name())))
	})
	s.logAttempt(ctx, p, receipt, err)
	if errors.Is(err, payout.ErrRejected) {
		return s.payouts.MarkFailed(ctx, p.ID, err.Error())
	}
	if err != nil {
		return err
	}

	err = db.WithTx(ctx, s.client, func(tx *ent.Tx) error {
		payouts := store.NewPayoutRepo(tx.Client())
		transfers := store.NewTransferRepo(tx.Client())
		if err := payouts.MarkSubmitted(ctx, p.ID, partner.Name(), receipt.PartnerRef); err != nil {
			return err
		}
		if _, err := transfers.SetStatusFrom(ctx, t.ID, []enttransfer.Status{enttransfer.StatusCleared}, enttransfer.StatusPayingOut); err != nil {
			return err
		}
		if !receipt.Completed() {
			return nil
		}
		return settle(ctx, tx, p, t)
	})
	if err != nil {
		return err
	}
	if receipt.Completed() {
		_, err = s.pub.Publish(ctx, events.PayoutCompleted, events.Fields{"transfer_id": t.ID.String(), "payout_id": p.ID.String()})
	}
	return err
}

// settle marks a payout paid and books it, inside the caller's transaction.
func settle(ctx context.Context, tx *ent.Tx, p *ent.Payout, t *ent.Transfer) error {
	if err := store.NewPayoutRepo(tx.Client()).MarkPaid(ctx, p.ID); err != nil {
		return err
	}
	if _, err := store.NewTransferRepo(tx.Client()).SetStatusFrom(ctx, t.ID,
		[]enttransfer.Status{enttransfer.StatusCleared, enttransfer.StatusPayingOut}, enttransfer.StatusPaidOut); err != nil {
		return err
	}
	return store.NewLedgerRepo(tx.Client()).Post(ctx,
		store.Pair(t.ID, "customer_funds_held", "partner_payable:"+p.Partner, t.SendAmount-t.Fee, t.SendCurrency, "payout")...)
}

func (s *service) logAttempt(ctx context.Context, p *ent.Payout, rec *payout.Receipt, callErr error) {
	a := &ent.PayoutAttempt{ID: ids.Sortable(), PayoutID: p.ID, Partner: p.Partner, Outcome: "accepted"}
	if rec != nil {
		a.HTTPStatus = rec.HTTPStatus
		a.Outcome = rec.Status
	}
	if callErr != nil {
		a.Outcome = "error"
		a.Error = callErr.Error()
	}
	if err := s.payouts.LogAttempt(ctx, a); err != nil {
		s.log.Warn("payout attempt log", "payout_id", p.ID, "err", err)
	}
}

func (s *service) loadForResend(ctx context.Context, payoutID uuid.UUID, allowed ...entpayout.Status) (*ent.Payout, payout.Request, error) {
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return nil, payout.Request{}, err
	}
	ok := false
	for _, st := range allowed {
		ok = ok || p.Status == st
	}
	if !ok {
		return nil, payout.Request{}, domain.Preconditionf("payout is %s", p.Status)
	}
	t, err := s.transfers.Get(ctx, p.TransferID)
	if err != nil {
		return nil, payout.Request{}, err
	}
	rcp, err := s.recipients.Get(ctx, t.RecipientID)
	if err != nil {
		return nil, payout.Request{}, err
	}
	req, err := payout.NewRequest(p).To(rcp).Narrative(narrative(t)).Build()
	return p, req, err
}

// Resubmit sends a failed payout to the same partner again after operations
// fixed the underlying problem (e.g. corrected account details).
func (s *service) Resubmit(ctx context.Context, payoutID uuid.UUID, by string) (*ent.Payout, error) {
	p, req, err := s.loadForResend(ctx, payoutID, entpayout.StatusFailed)
	if err != nil {
		return nil, err
	}
	partner, err := s.router.ByName(p.Partner)
	if err != nil {
		return nil, err
	}
	receipt, err := partner.Submit(ctx, req)
	s.logAttempt(ctx, p, receipt, err)
	if err != nil {
		return nil, err
	}
	if err := s.payouts.MarkSubmitted(ctx, p.ID, partner.Name(), receipt.PartnerRef); err != nil {
		return nil, err
	}
	s.log.Info("payout resubmitted", "payout_id", p.ID, "by", by, "partner_ref", receipt.PartnerRef)
	return s.payouts.Get(ctx, p.ID)
}

// Reroute moves a stuck or failed payout to a different partner.
func (s *service) Reroute(ctx context.Context, payoutID uuid.UUID, partnerName, by string) (*ent.Payout, error) {
	p, req, err := s.loadForResend(ctx, payoutID, entpayout.StatusFailed, entpayout.StatusPending)
	if err != nil {
		return nil, err
	}
	if partnerName == p.Partner {
		return nil, domain.Invalidf("payout already routed to %s", partnerName)
	}
	target, err := s.router.ByName(partnerName)
	if err != nil {
		return nil, domain.Invalidf("%v", err)
	}
	// Keys are scoped per partner; a fresh suffix keeps them distinct from the
	// key used at the original partner.
	key := p.ID.String() + "/" + ids.Request()
	receipt, err := retry.Do(ctx, retry.Partner, func() (*payout.Receipt, error) {
		return target.Submit(ctx, req, payout.WithIdempotencyKey(key))
	})
	s.logAttempt(ctx, p, receipt, err)
	if err != nil {
		return nil, err
	}
	if err := s.payouts.MarkSubmitted(ctx, p.ID, target.Name(), receipt.PartnerRef); err != nil {
		return nil, err
	}
	s.log.Info("payout rerouted", "payout_id", p.ID, "from", p.Partner, "to", target.Name(), "by", by)
	return s.payouts.Get(ctx, p.ID)
}

// PartnerStatus applies an asynchronous status callback from a partner.
func (s *service) PartnerStatus(ctx context.Context, partner, ref, status, reason string) error {
	p, err := s.payouts.ByPartnerRef(ctx, partner, ref)
	if err != nil {
		return err
	}
	switch status {
	case "paid", "completed", "SUCCESSFUL", "SETTLED":
		if p.Status == entpayout.StatusPaid {
			return nil
		}
		if err := s.payouts.MarkPaid(ctx, p.ID); err != nil {
			return err
		}
		t, err := s.transfers.Get(ctx, p.TransferID)
		if err != nil {
			return err
		}
		err = db.WithTx(ctx, s.client, func(tx *ent.Tx) error {
			if _, err := store.NewTransferRepo(tx.Client()).SetStatusFrom(ctx, t.ID,
				[]enttransfer.Status{enttransfer.StatusPayingOut}, enttransfer.StatusPaidOut); err != nil {
				return err
			}
			return store.NewLedgerRepo(tx.Client()).Post(ctx,
				store.Pair(t.ID, "customer_funds_held", "partner_payable:"+p.Partner, t.SendAmount-t.Fee, t.SendCurrency, "payout")...)
		})
		if err != nil {
			return err
		}
		_, err = s.pub.Publish(ctx, events.PayoutCompleted, events.Fields{"transfer_id": t.ID.String(), "payout_id": p.ID.String()})
		return err
	case "failed", "rejected", "FAILED", "RETURNED":
		if p.Status == entpayout.StatusFailed {
			return nil
		}
		return s.payouts.MarkFailed(ctx, p.ID, reason)
	default:
		s.log.Info("ignoring partner status", "partner", partner, "ref", ref, "status", status)
		return nil
	}
}
