// Package consumer binds the application services to the custody stream's
// durable consumers.
package consumer

import (
	"context"
	"errors"
	"time"

	"go.uber.org/fx"

	"github.com/northvault/custody/internal/adapters/natsbus"
	"github.com/northvault/custody/internal/app"
	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/ports"
)

type Params struct {
	fx.In

	Deposits    *app.DepositService
	Withdrawals *app.WithdrawalService
	Fiat        *app.FiatService
	Compliance  *app.ComplianceService
	Notify      *app.NotificationService
	Wallets     *app.WalletService
}

// Bindings is the table of subjects handled by the consumer binary.
func Bindings(p Params) []natsbus.Binding {
	return []natsbus.Binding{
		{
			Durable: "deposits-detected",
			Subject: app.SubjectDepositDetected,
			Handle: natsbus.JSON(func(ctx context.Context, _ natsbus.Delivery, evt app.DepositDetected) error {
				return p.Deposits.Detected(ctx, evt)
			}),
		},
		{
			Durable: "deposits-confirmed",
			Subject: app.SubjectDepositConfirmed,
			Handle: natsbus.JSON(func(ctx context.Context, _ natsbus.Delivery, evt app.DepositConfirmed) error {
				return p.Deposits.Confirmed(ctx, evt)
			}),
		},
		{
			Durable: "withdrawals-confirmed",
			Subject: app.SubjectTxConfirmed,
			Handle: natsbus.JSON(func(ctx context.Context, _ natsbus.Delivery, evt app.TxConfirmed) error {
				return p.Withdrawals.Confirm(ctx, evt)
			}),
		},
		{
			Durable: "withdrawals-failed",
			Subject: app.SubjectTxFailed,
			Handle:  natsbus.JSON(txFailed(p.Withdrawals)),
		},
		{
			Durable:    "fiat-events",
			Subject:    app.SubjectFiatEvent,
			MaxDeliver: 50,
			Handle: natsbus.JSON(func(ctx context.Context, _ natsbus.Delivery, evt ports.WebhookEvent) error {
				return p.Fiat.HandleEvent(ctx, evt)
			}),
		},
		{
			Durable: "notify-withdrawal",
			Subject: app.SubjectNotifyWithdrawal,
			Handle: natsbus.JSON(func(ctx context.Context, _ natsbus.Delivery, n app.WithdrawalNotice) error {
				return p.Notify.WithdrawalUpdate(ctx, n)
			}),
		},
		{
			Durable: "compliance-screening",
			Subject: app.SubjectScreeningRequested,
			AckWait: time.Minute,
			Handle:  natsbus.JSON(permanentOnInvalid(p.Compliance.ScreenSubject)),
		},
		{
			Durable: "address-requested",
			Subject: app.SubjectAddressRequested,
			Handle: natsbus.JSON(func(ctx context.Context, _ natsbus.Delivery, evt app.AddressRequested) error {
				return p.Wallets.AssignAddress(ctx, evt.RequestID)
			}),
		},
		{
			Durable: "customer-kyc-approved",
			Subject: app.SubjectCustomerKYCApproved,
			Handle: natsbus.JSON(func(ctx context.Context, _ natsbus.Delivery, evt app.CustomerKYCApproved) error {
				return p.Wallets.ProvisionDefaults(ctx, evt)
			}),
		},
	}
}

// txFailed keys the message log on the stream message ID, falling back to
// the transaction hash for publishers that do not set one.
func txFailed(w *app.WithdrawalService) func(context.Context, natsbus.Delivery, app.TxFailed) error {
	return func(ctx context.Context, d natsbus.Delivery, evt app.TxFailed) error {
		id := d.MsgID
		if id == "" {
			id = evt.Chain + ":" + evt.TxHash
		}
		return w.Fail(ctx, id, evt)
	}
}

func permanentOnInvalid[T any](fn func(context.Context, T) error) func(context.Context, natsbus.Delivery, T) error {
	return func(ctx context.Context, _ natsbus.Delivery, evt T) error {
		err := fn(ctx, evt)
		if errors.Is(err, domain.ErrInvalidState) {
			return natsbus.Permanent(err)
		}
		return err
	}
}

var Module = fx.Module("consumer",
	fx.Provide(
		fx.Annotate(Bindings, fx.ResultTags(`group:"bindings,flatten"`)),
	),
	fx.Provide(natsbus.NewRunner),
	fx.Invoke(func(*natsbus.Runner) {}),
)
