package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/skyway-air/ancillaries/internal/catalog"
	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/gds"
	"github.com/skyway-air/ancillaries/internal/retry"
)

// EMDIssuer issues the EMD for a paid item through the GDS partner.
type EMDIssuer struct {
	deps   Deps
	policy retry.Policy
}

// IssuerOption configures an EMDIssuer.
type IssuerOption func(*EMDIssuer)

// WithIssueRetry overrides the retry policy around the GDS call.
func WithIssueRetry(p retry.Policy) IssuerOption { return func(i *EMDIssuer) { i.policy = p } }

func NewEMDIssuer(d Deps, opts ...IssuerOption) *EMDIssuer {
	i := &EMDIssuer{deps: d, policy: retry.Background}
	for _, opt := range opts {
		opt(i)
	}
	return i
}

// Issue issues the document for evt.OrderItemID unless it already exists.
func (i *EMDIssuer) Issue(ctx context.Context, evt domain.PaymentSucceededEvent) error {
	store := i.deps.Store
	issuance, err := store.EMDs().BeginIssuance(ctx, domain.EMDIssuance{
		ID:          uuid.NewString(),
		OrderItemID: evt.OrderItemID,
		ClientRef:   "emd-" + evt.OrderItemID,
	})
	if err != nil {
		return err
	}
	if issuance.Status == domain.EMDIssued {
		return nil
	}
	order, err := store.Orders().Get(ctx, evt.OrderID)
	if err != nil {
		return err
	}
	item, err := store.Items().Get(ctx, evt.OrderItemID)
	if err != nil {
		return err
	}
	return i.issue(ctx, order, item, issuance)
}

func (i *EMDIssuer) issue(ctx context.Context, order domain.Order, item domain.OrderItem, issuance domain.EMDIssuance) error {
	rfic, rfisc := catalog.SubCodes(item.Product)
	req := gds.IssueRequest{
		ClientTransactionRef: issuance.ClientRef,
		PNR:                  order.PNR,
		PassengerRef:         item.PassengerRef,
		FlightID:             item.FlightID,
		RFIC:                 rfic,
		RFISC:                rfisc,
		Description:          item.Description,
		Amount:               item.Amount,
		Currency:             item.Currency,
		FormOfPayment:        "CC/" + order.PaymentIntentID.String,
	}
	emd, err := retry.Do(ctx, i.policy, func() (gds.EMD, error) {
		e, err := i.deps.GDS.IssueEMD(ctx, req)
		if err != nil && !gds.IsTemporary(err) {
			return e, retry.Permanent(err)
		}
		return e, err
	})
	if err != nil {
		if merr := i.deps.Store.EMDs().MarkAttemptFailed(ctx, issuance.ID, err.Error()); merr != nil {
			i.deps.log().ErrorContext(ctx, "record emd failure", slog.Any("err", merr))
		}
		return err
	}
	return i.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		if err := tx.EMDs().MarkIssued(ctx, issuance.ID, emd.Number); err != nil {
			return err
		}
		if err := tx.Items().SetEMD(ctx, item.ID, emd.Number); err != nil {
			return err
		}
		if _, err := tx.Items().TransitionStatus(ctx, item.ID, domain.ItemIssued, domain.ItemPaid, domain.ItemPending); err != nil {
			return err
		}
		if item.Product == domain.ProductLounge {
			if err := tx.Lounge().CreatePass(ctx, loungePassFor(order, item, emd.Number)); err != nil {
				return err
			}
		}
		return tx.Outbox().Publish(ctx, domain.TopicEMDIssued, domain.EMDIssuedEvent{
			OrderID:     order.ID,
			OrderItemID: item.ID,
			EMDNumber:   emd.Number,
			Product:     string(item.Product),
		})
	})
}

func loungePassFor(order domain.Order, item domain.OrderItem, emdNumber string) domain.LoungePass {
	return domain.LoungePass{
		ID:           uuid.NewString(),
		OrderItemID:  item.ID,
		Code:         "LP" + emdNumber,
		LoungeCode:   item.Code,
		ValidOn:      item.ServiceDate,
		EntriesTotal: item.Quantity,
		Status:       "active",
		ContactPhone: order.ContactPhone,
	}
}

// ReconcileStuck retries issuances that have been pending for too long,
// typically because the GDS timed out and the router gave up on the message.
func (i *EMDIssuer) ReconcileStuck(ctx context.Context, olderThan time.Duration, limit int) (int, error) {
	store := i.deps.Store
	stuck, err := store.EMDs().ListStuck(ctx, i.deps.now().Add(-olderThan), limit)
	if err != nil {
		return 0, err
	}
	done := 0
	for _, s := range stuck {
		item, err := store.Items().Get(ctx, s.OrderItemID)
		if err != nil {
			return done, err
		}
		order, err := store.Orders().Get(ctx, item.OrderID)
		if err != nil {
			return done, err
		}
		s.ClientRef = fmt.Sprintf("emd-%s-r%s", s.OrderItemID, xid.New().String())
		if err := store.EMDs().RotateClientRef(ctx, s.ID, s.ClientRef); err != nil {
			return done, err
		}
		if err := i.issue(ctx, order, item, s); err != nil {
			i.deps.log().WarnContext(ctx, "emd reconcile attempt failed",
				slog.String("issuance_id", s.ID), slog.Any("err", err))
			continue
		}
		done++
	}
	return done, nil
}

// ReissueEMDHandler exchanges an item's EMD on an agent's request.
type ReissueEMDHandler struct {
	deps Deps
}

func NewReissueEMDHandler(d Deps) *ReissueEMDHandler { return &ReissueEMDHandler{deps: d} }

func (h *ReissueEMDHandler) Handle(ctx context.Context, cmd ReissueEMD) error {
	store := h.deps.Store
	item, err := store.Items().Get(ctx, cmd.ItemID)
	if err != nil {
		return err
	}
	if !item.EMDNumber.Valid {
		return fmt.Errorf("%w: item has no EMD", domain.ErrConflict)
	}
	revision := cmd.ExpectedRevision + 1
	re, err := store.EMDs().ClaimReissue(ctx, domain.EMDReissue{
		OrderItemID: item.ID,
		Revision:    revision,
		ClientRef:   fmt.Sprintf("reissue-%s-%d", item.ID, revision),
		Reason:      cmd.Reason,
		AgentID:     cmd.AgentID,
	})
	if err != nil {
		return err
	}
	if re.Status == "issued" {
		return nil
	}
	if re.AgentID != cmd.AgentID || re.Reason != cmd.Reason {
		return domain.ErrStaleRevision
	}
	emd, err := h.deps.GDS.ReissueEMD(ctx, item.EMDNumber.String, gds.ReissueRequest{
		ClientTransactionRef: re.ClientRef,
		Reason:               cmd.Reason,
		AgentID:              cmd.AgentID,
	})
	if err != nil {
		return err
	}
	return store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		if err := tx.EMDs().CompleteReissue(ctx, item.ID, revision, emd.Number); err != nil {
			return err
		}
		if err := tx.EMDs().SetStatusByNumber(ctx, item.EMDNumber.String, domain.EMDVoided); err != nil {
			return err
		}
		return tx.Items().SetEMD(ctx, item.ID, emd.Number)
	})
}

// EMDRefundSettler files the refund against the EMD with the GDS once the
// money has gone back to the customer, so the settlement plan is adjusted.
type EMDRefundSettler struct {
	deps Deps
}

func NewEMDRefundSettler(d Deps) *EMDRefundSettler { return &EMDRefundSettler{deps: d} }

func (s *EMDRefundSettler) Settle(ctx context.Context, evt domain.RefundCompletedEvent) error {
	item, err := s.deps.Store.Items().Get(ctx, evt.OrderItemID)
	if err != nil {
		return err
	}
	if !item.EMDNumber.Valid {
		return nil
	}
	rec, err := s.deps.GDS.RefundEMD(ctx, item.EMDNumber.String, gds.RefundEMDRequest{
		ClientTransactionRef: xid.New().String(),
		Amount:               evt.Amount,
		Currency:             evt.Currency,
	})
	if err != nil {
		return err
	}
	s.deps.log().InfoContext(ctx, "emd refund filed",
		slog.String("emd", item.EMDNumber.String), slog.String("refund_number", rec.RefundNumber))
	return s.deps.Store.EMDs().SetStatusByNumber(ctx, item.EMDNumber.String, domain.EMDRefund)
}
