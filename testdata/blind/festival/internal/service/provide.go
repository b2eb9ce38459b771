// Package service groups the wire providers of the domain services.
package service

import (
	"github.com/google/wire"

	"github.com/loopgate/festival-cashless/internal/service/notify"
	"github.com/loopgate/festival-cashless/internal/service/refund"
	"github.com/loopgate/festival-cashless/internal/service/sales"
	"github.com/loopgate/festival-cashless/internal/service/ticket"
	"github.com/loopgate/festival-cashless/internal/service/topup"
	"github.com/loopgate/festival-cashless/internal/service/transfer"
	"github.com/loopgate/festival-cashless/internal/service/vendor"
	"github.com/loopgate/festival-cashless/internal/service/wallet"
	"github.com/loopgate/festival-cashless/internal/service/wristband"
)

var ProviderSet = wire.NewSet(
	wristband.NewService,
	wallet.NewService,
	topup.NewService,
	refund.NewService,
	vendor.NewService,
	sales.NewService,
	transfer.NewService,
	ticket.NewService,
	notify.NewService,
	notify.NewOutbox,
	wire.Bind(new(refund.BalanceHolder), new(*wallet.Service)),
	wire.Bind(new(transfer.Outbox), new(*notify.Outbox)),
)
