package settlement

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"go.temporal.io/sdk/activity"

	"github.com/hammerline/auctions/internal/carrier"
	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/events"
	"github.com/hammerline/auctions/internal/insurer"
	"github.com/hammerline/auctions/internal/notify"
	"github.com/hammerline/auctions/internal/payments/stripepay"
	"github.com/hammerline/auctions/internal/platform/ids"
	"github.com/hammerline/auctions/internal/platform/pgdb"
	"github.com/hammerline/auctions/internal/shipping"
	"github.com/hammerline/auctions/internal/store"
)

// LotStore is the lot persistence the activities need.
type LotStore interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Lot, error)
	GetForUpdate(ctx context.Context, q pgdb.Querier, id string) (domain.Lot, error)
	SetStatus(ctx context.Context, q pgdb.Querier, id string, status domain.LotStatus, reason string) error
	InsertResult(ctx context.Context, q pgdb.Querier, res domain.AuctionResult) (bool, error)
	GetResult(ctx context.Context, q pgdb.Querier, lotID string) (domain.AuctionResult, error)
}

// BidStore ranks bids.
type BidStore interface {
	Ranked(ctx context.Context, q pgdb.Querier, lotID string, limit int) ([]domain.Bid, error)
}

// OrderStore is the order persistence the activities need.
type OrderStore interface {
	InsertIfAbsent(ctx context.Context, q pgdb.Querier, o domain.Order) error
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Order, error)
	AttachPaymentIntent(ctx context.Context, q pgdb.Querier, id, piID string, s domain.OrderStatus) error
}

// LedgerStore books money movements and settlement state.
type LedgerStore interface {
	Append(ctx context.Context, q pgdb.Querier, entries ...domain.LedgerEntry) error
	InsertSettlement(ctx context.Context, q pgdb.Querier, s store.Settlement) error
	SetSettlementStatus(ctx context.Context, q pgdb.Querier, orderID, status string) error
}

// PayoutStore records seller payouts.
type PayoutStore interface {
	InsertPayoutIfAbsent(ctx context.Context, q pgdb.Querier, p store.Payout) (bool, error)
}

// PolicyStore records insurance policies.
type PolicyStore interface {
	InsertPolicy(ctx context.Context, q pgdb.Querier, p store.Policy) error
}

// NotificationLog records sent notifications.
type NotificationLog interface {
	Log(ctx context.Context, q pgdb.Querier, id, recipient, template, channel, providerID string) error
}

// AccountReader loads accounts.
type AccountReader interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Account, error)
}

// PaymentGateway is the card processor and Connect transfers.
type PaymentGateway interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest, opts ...stripepay.CallOption) (stripepay.ChargeResult, error)
	Transfer(ctx context.Context, req stripepay.TransferRequest, opts ...stripepay.CallOption) (string, error)
}

// Insurer binds shipping insurance.
type Insurer interface {
	Bind(ctx context.Context, br insurer.BindRequest) (insurer.Policy, error)
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, subject, msgID string, v any) error
}

// Activities holds every dependency the workflows' activities use. The
// worker registers a single instance.
type Activities struct {
	DB               pgdb.DB
	Lots             LotStore
	Bids             BidStore
	Orders           OrderStore
	Ledger           LedgerStore
	Payouts          PayoutStore
	Policies         PolicyStore
	Notes            NotificationLog
	Accounts         AccountReader
	Payments         PaymentGateway
	Shipping         shipping.Service
	Notifier         notify.Sender
	Insurer          Insurer
	Events           Publisher
	Fees             domain.Fees
	InsureAboveCents int64
	Now              func() time.Time
}

// LosersInput identifies the bidders to tell they lost.
type LosersInput struct {
	LotID    string
	WinnerID string
}

// OpenInput opens a settlement.
type OpenInput struct {
	OrderID string
	Ref     string
}

// ChargeOutcome is ChargeWinner's result.
type ChargeOutcome struct {
	Status          string
	PaymentIntentID string
}

// NotifyInput selects the winner notification.
type NotifyInput struct {
	OrderID  string
	Template string
}

// PayoutInput pays the seller.
type PayoutInput struct {
	OrderID       string
	SettlementRef string
}

type closeState struct {
	result domain.AuctionResult
	lot    domain.Lot
	fresh  bool
}

// CloseAuction decides the outcome of a lot, records it and, for a sale,
// creates the order. Everything is keyed by the lot ID.
func (a *Activities) CloseAuction(ctx context.Context, lotID string) (domain.AuctionResult, error) {
	st, err := pgdb.WithTx(ctx, a.DB, func(q pgdb.Querier) (closeState, error) {
		lot, err := a.Lots.GetForUpdate(ctx, q, lotID)
		if err != nil {
			return closeState{}, err
		}
		switch lot.Status {
		case domain.LotCancelled:
			return closeState{result: domain.AuctionResult{LotID: lotID, Outcome: domain.LotCancelled}, lot: lot}, nil
		case domain.LotSold, domain.LotUnsold:
			res, err := a.Lots.GetResult(ctx, q, lotID)
			if err != nil {
				return closeState{}, err
			}
			if res.Outcome == domain.LotSold {
				res.OrderID = ids.Order(lotID)
			}
			return closeState{result: res, lot: lot}, nil
		}

		ranked, err := a.Bids.Ranked(ctx, q, lotID, 1)
		if err != nil {
			return closeState{}, err
		}
		res := domain.AuctionResult{LotID: lotID, Outcome: domain.LotUnsold, ClosedAt: a.Now()}
		if len(ranked) > 0 && ranked[0].AmountCents >= lot.ReserveCents {
			top := ranked[0]
			res.Outcome = domain.LotSold
			res.WinnerID = top.BidderID
			res.WinningBidID = top.ID
			res.HammerCents = top.AmountCents
			res.OrderID = ids.Order(lotID)
		}
		if _, err := a.Lots.InsertResult(ctx, q, res); err != nil {
			return closeState{}, err
		}
		if err := a.Lots.SetStatus(ctx, q, lotID, res.Outcome, ""); err != nil {
			return closeState{}, err
		}
		if res.Outcome == domain.LotSold {
			premium := a.Fees.Premium(res.HammerCents)
			err := a.Orders.InsertIfAbsent(ctx, q, domain.Order{
				ID:           res.OrderID,
				LotID:        lotID,
				BuyerID:      res.WinnerID,
				SellerID:     lot.SellerID,
				Currency:     lot.Currency,
				HammerCents:  res.HammerCents,
				PremiumCents: premium,
				TotalCents:   res.HammerCents + premium,
				Status:       domain.OrderAwaitingPayment,
			})
			if err != nil {
				return closeState{}, err
			}
		}
		return closeState{result: res, lot: lot, fresh: true}, nil
	})
	if err != nil {
		return domain.AuctionResult{}, err
	}
	if st.result.Outcome == domain.LotCancelled {
		return st.result, nil
	}
	ev := events.LotClosed{
		LotID: lotID, SellerID: st.lot.SellerID, Outcome: string(st.result.Outcome),
		WinnerID: st.result.WinnerID, OrderID: st.result.OrderID,
		HammerCents: st.result.HammerCents, Title: st.lot.Title,
	}
	if err := a.Events.Publish(ctx, events.SubjectLotClosed, "lot-closed."+lotID, ev); err != nil {
		return domain.AuctionResult{}, err
	}
	return st.result, nil
}

// OpenSettlement records that settlement has begun for an order.
func (a *Activities) OpenSettlement(ctx context.Context, in OpenInput) error {
	return a.Ledger.InsertSettlement(ctx, a.DB, store.Settlement{
		ID:      "stl_" + strings.TrimPrefix(in.OrderID, "ord_"),
		OrderID: in.OrderID,
		Ref:     in.Ref,
		Status:  "open",
	})
}

// ChargeWinner charges the winner's saved card off-session.
func (a *Activities) ChargeWinner(ctx context.Context, orderID string) (ChargeOutcome, error) {
	order, err := a.Orders.Get(ctx, a.DB, orderID)
	if err != nil {
		return ChargeOutcome{}, err
	}
	if order.Status == domain.OrderPaid {
		return ChargeOutcome{Status: "succeeded", PaymentIntentID: order.PaymentIntentID}, nil
	}
	buyer, err := a.Accounts.Get(ctx, a.DB, order.BuyerID)
	if err != nil {
		return ChargeOutcome{}, err
	}
	if buyer.DefaultPaymentMethod == "" {
		return ChargeOutcome{Status: "requires_payment_method"}, nil
	}
	res, err := a.Payments.Charge(ctx, stripepay.ChargeRequest{
		CustomerID:      buyer.StripeCustomerID,
		PaymentMethodID: buyer.DefaultPaymentMethod,
		AmountCents:     order.TotalCents,
		Currency:        order.Currency,
		Description:     "Winning bid, order " + order.ID,
		OffSession:      true,
	}, stripepay.WithMetadata("order_id", order.ID), stripepay.WithMetadata("lot_id", order.LotID))
	if errors.Is(err, stripepay.ErrCardDeclined) {
		return ChargeOutcome{Status: "declined"}, nil
	}
	if err != nil {
		return ChargeOutcome{}, err
	}
	status := domain.OrderAwaitingPayment
	if res.Status == "requires_action" {
		status = domain.OrderRequiresAction
	}
	if err := a.Orders.AttachPaymentIntent(ctx, a.DB, order.ID, res.PaymentIntentID, status); err != nil {
		return ChargeOutcome{}, err
	}
	return ChargeOutcome{Status: res.Status, PaymentIntentID: res.PaymentIntentID}, nil
}

// NotifyWinner emails the buyer about their win or the payment they owe.
func (a *Activities) NotifyWinner(ctx context.Context, in NotifyInput) error {
	order, err := a.Orders.Get(ctx, a.DB, in.OrderID)
	if err != nil {
		return err
	}
	buyer, err := a.Accounts.Get(ctx, a.DB, order.BuyerID)
	if err != nil {
		return err
	}
	lot, err := a.Lots.Get(ctx, a.DB, order.LotID)
	if err != nil {
		return err
	}
	msg := notify.Compose(in.Template).
		To(buyer.Email).
		With("name", buyer.DisplayName).
		With("lot_title", lot.Title).
		With("total", fmt.Sprintf("%d.%02d", order.TotalCents/100, order.TotalCents%100)).
		With("order_id", order.ID).
		Build()
	providerID, err := a.Notifier.Send(ctx, msg)
	if err != nil {
		return err
	}
	return a.Notes.Log(ctx, a.DB, ids.Notification(), buyer.ID, in.Template, string(notify.Email), providerID)
}

// NotifyLosingBidders tells every under-bidder the lot went to someone else.
func (a *Activities) NotifyLosingBidders(ctx context.Context, in LosersInput) error {
	ranked, err := a.Bids.Ranked(ctx, a.DB, in.LotID, 200)
	if err != nil {
		return err
	}
	lot, err := a.Lots.Get(ctx, a.DB, in.LotID)
	if err != nil {
		return err
	}
	for i, b := range ranked {
		if b.BidderID == in.WinnerID {
			continue
		}
		acct, err := a.Accounts.Get(ctx, a.DB, b.BidderID)
		if err != nil {
			return err
		}
		msg := notify.Compose(notify.TplAuctionLost).
			To(acct.Email).
			With("lot_title", lot.Title).
			With("your_bid", fmt.Sprintf("%d.%02d", b.AmountCents/100, b.AmountCents%100)).
			Key(fmt.Sprintf("lot-lost/%s/%s", in.LotID, b.BidderID)).
			Build()
		if _, err := a.Notifier.Send(ctx, msg); err != nil {
			return fmt.Errorf("notify bidder %d of %d: %w", i+1, len(ranked), err)
		}
		activity.RecordHeartbeat(ctx, i)
	}
	return nil
}

// RecordSettlementLedger books the sale: the buyer's premium and the
// seller's commission to platform fees, and the seller's net into escrow
// until delivery.
func (a *Activities) RecordSettlementLedger(ctx context.Context, orderID string) error {
	order, err := a.Orders.Get(ctx, a.DB, orderID)
	if err != nil {
		return err
	}
	commission := order.PremiumCents + a.Fees.SellerFee(order.HammerCents)
	escrow := domain.AcctSellerEscrow + ":" + order.SellerID
	if err := a.Ledger.Append(ctx, a.DB, store.Move(orderID, domain.AcctBuyerReceivable, domain.AcctPlatformFees, commission, "premium and commission")...); err != nil {
		return err
	}
	if err := a.Ledger.Append(ctx, a.DB, store.Move(orderID, domain.AcctBuyerReceivable, escrow, a.Fees.SellerNet(order.HammerCents), "seller net held in escrow")...); err != nil {
		return err
	}
	if order.ShippingCents > 0 {
		if err := a.Ledger.Append(ctx, a.DB, store.Move(orderID, domain.AcctBuyerReceivable, escrow, order.ShippingCents, "shipping charged to buyer")...); err != nil {
			return err
		}
	}
	return a.Ledger.SetSettlementStatus(ctx, a.DB, orderID, "booked")
}

// InsureShipment buys transit insurance for high-value lots.
func (a *Activities) InsureShipment(ctx context.Context, orderID string) (string, error) {
	order, err := a.Orders.Get(ctx, a.DB, orderID)
	if err != nil {
		return "", err
	}
	if order.HammerCents < a.InsureAboveCents {
		return "", nil
	}
	lot, err := a.Lots.Get(ctx, a.DB, order.LotID)
	if err != nil {
		return "", err
	}
	buyer, err := a.Accounts.Get(ctx, a.DB, order.BuyerID)
	if err != nil {
		return "", err
	}
	pol, err := a.Insurer.Bind(ctx, insurer.BindRequest{
		Reference:     order.ID,
		DeclaredCents: order.HammerCents,
		Currency:      order.Currency,
		Description:   lot.Title,
		Destination:   buyer.ShipTo.Country,
	})
	if err != nil {
		return "", err
	}
	err = a.Policies.InsertPolicy(ctx, a.DB, store.Policy{
		ID:           "pol_" + pol.Number,
		OrderID:      order.ID,
		PolicyNumber: pol.Number,
		InsuredCents: order.HammerCents,
		PremiumCents: pol.PremiumCents,
	})
	if err != nil {
		return "", err
	}
	return pol.Number, nil
}

// PurchaseLabel buys the shipping label. The carrier request ID is the
// workflow ID plus this activity's ID, which Temporal keeps across retries.
func (a *Activities) PurchaseLabel(ctx context.Context, orderID string) (string, error) {
	info := activity.GetInfo(ctx)
	requestID := info.WorkflowExecution.ID + "/" + info.ActivityID
	sh, err := a.Shipping.BuyLabel(ctx, shipping.LabelInput{OrderID: orderID}, carrier.WithRequestID(requestID))
	if err != nil {
		return "", err
	}
	return sh.TrackingNumber, nil
}

// CreateSellerPayout transfers the seller's net to their connected account.
// The Stripe idempotency key comes from the settlement reference, which
// the workflow fixed once with a side effect.
func (a *Activities) CreateSellerPayout(ctx context.Context, in PayoutInput) (string, error) {
	order, err := a.Orders.Get(ctx, a.DB, in.OrderID)
	if err != nil {
		return "", err
	}
	seller, err := a.Accounts.Get(ctx, a.DB, order.SellerID)
	if err != nil {
		return "", err
	}
	if seller.StripeAccountID == "" {
		return "", fmt.Errorf("seller %s has no connected account", seller.ID)
	}
	net := a.Fees.SellerNet(order.HammerCents) + order.ShippingCents
	transferID, err := a.Payments.Transfer(ctx, stripepay.TransferRequest{
		DestinationAccount: seller.StripeAccountID,
		AmountCents:        net,
		Currency:           order.Currency,
		TransferGroup:      order.ID,
	}, stripepay.WithIdempotencyKey("payout:"+in.SettlementRef), stripepay.WithMetadata("order_id", order.ID))
	if err != nil {
		return "", err
	}
	err = pgdb.Tx(ctx, a.DB, func(q pgdb.Querier) error {
		inserted, err := a.Payouts.InsertPayoutIfAbsent(ctx, q, store.Payout{
			ID: "po_" + transferID, OrderID: order.ID, SellerID: seller.ID,
			AmountCents: net, StripeTransferID: transferID,
		})
		if err != nil || !inserted {
			return err
		}
		available := domain.AcctSellerAvailable + ":" + seller.ID
		if err := a.Ledger.Append(ctx, q, store.Move(order.ID, available, domain.AcctStripeClearing, net, "payout "+transferID)...); err != nil {
			return err
		}
		return a.Ledger.SetSettlementStatus(ctx, q, order.ID, "settled")
	})
	if err != nil {
		return "", err
	}
	return transferID, nil
}
