// Package consumer wires the JetStream subjects to the services that handle
// them for cmd/consumer.
package consumer

import (
	"context"
	"log/slog"
	"time"

	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/events"
	"github.com/pantloop/deposit/internal/materials"
	"github.com/pantloop/deposit/internal/notify"
	"github.com/pantloop/deposit/internal/payouts"
	"github.com/pantloop/deposit/internal/settlement"
	"github.com/pantloop/deposit/internal/tickets"
	"github.com/pantloop/deposit/internal/vouchers"
	"github.com/pantloop/deposit/internal/wallet"
)

// Handlers holds the services behind the consumer routes.
type Handlers struct {
	Wallets    *wallet.Service
	Vouchers   *vouchers.Service
	Materials  *materials.Service
	Tickets    *tickets.Service
	Payouts    *payouts.Service
	Settlement *settlement.Service
	Notifier   *notify.Notifier
	Dedupe     bus.DedupeStore
	Log        *slog.Logger
}

// Routes is the subscription table.
func (h *Handlers) Routes() []bus.Route {
	return []bus.Route{
		bus.On("wallet-credit", events.SubjectReturnRecorded, bus.JSON(h.creditReturn)),
		bus.On("material-tally", events.SubjectReturnRecorded, bus.JSON(h.tallyMaterial)),
		bus.On("voucher-issue", events.SubjectVoucherPrinted, bus.JSON(h.issueVoucher)),
		bus.On("voucher-redeem", events.SubjectVoucherRedeemed, bus.JSON(h.redeemVoucher)),
		bus.On("fault-open", events.SubjectFaultReported, bus.JSON(h.openTicket), bus.WithAckWait(time.Minute)),
		bus.On("fault-clear", events.SubjectFaultCleared, bus.JSON(h.clearTicket)),
		bus.On("bag-collected", events.SubjectBagCollected, bus.JSON(h.bagCollected)),
		bus.On("campaign-bonus", events.SubjectBonusAwarded, bus.JSON(h.awardBonus),
			bus.WithMiddleware(bus.Dedupe(h.Dedupe))),
		bus.On("payout-ewallet", events.SubjectPayoutEwallet, bus.JSON(h.sendPayout),
			bus.WithAckWait(2*time.Minute), bus.WithMaxDeliver(50)),
		bus.On("payout-bank", events.SubjectPayoutBank, bus.JSON(h.sendPayout),
			bus.WithAckWait(2*time.Minute), bus.WithMaxDeliver(50)),
		bus.On("settlement-pay", events.SubjectSettlementApproved, bus.JSON(h.paySettlement),
			bus.WithAckWait(2*time.Minute)),
		bus.On("notify-credited", events.SubjectWalletCredited, bus.JSON(h.notifyCredited),
			bus.WithMaxDeliver(5)),
	}
}

func (h *Handlers) creditReturn(ctx context.Context, ev events.ReturnRecorded, _ *bus.Msg) error {
	return h.Wallets.CreditReturn(ctx, ev)
}

func (h *Handlers) tallyMaterial(ctx context.Context, ev events.ReturnRecorded, _ *bus.Msg) error {
	if len(ev.Lines) == 0 {
		return nil
	}
	return h.Materials.Tally(ctx, ev)
}

func (h *Handlers) issueVoucher(ctx context.Context, ev events.VoucherPrinted, _ *bus.Msg) error {
	return h.Vouchers.Issue(ctx, ev)
}

func (h *Handlers) redeemVoucher(ctx context.Context, ev events.VoucherRedeemed, _ *bus.Msg) error {
	return h.Vouchers.Redeem(ctx, ev)
}

func (h *Handlers) openTicket(ctx context.Context, ev events.FaultReported, _ *bus.Msg) error {
	return h.Tickets.Open(ctx, ev)
}

func (h *Handlers) clearTicket(ctx context.Context, ev events.FaultCleared, _ *bus.Msg) error {
	return h.Tickets.Clear(ctx, ev)
}

func (h *Handlers) bagCollected(ctx context.Context, ev events.BagCollected, _ *bus.Msg) error {
	return h.Materials.RecordCollection(ctx, ev)
}

func (h *Handlers) awardBonus(ctx context.Context, ev events.BonusAwarded, _ *bus.Msg) error {
	return h.Wallets.AwardBonus(ctx, ev)
}

func (h *Handlers) sendPayout(ctx context.Context, ev events.PayoutRequested, m *bus.Msg) error {
	if m.Delivered() > 1 {
		h.Log.Info("payout redelivered", "payout", ev.PayoutID, "rail", ev.Rail, "delivered", m.Delivered())
	}
	return h.Payouts.Execute(ctx, ev)
}

func (h *Handlers) paySettlement(ctx context.Context, ev events.SettlementApproved, _ *bus.Msg) error {
	return h.Settlement.PayShop(ctx, ev)
}

func (h *Handlers) notifyCredited(ctx context.Context, ev events.WalletCredited, _ *bus.Msg) error {
	return h.Notifier.WalletCredited(ctx, ev)
}
