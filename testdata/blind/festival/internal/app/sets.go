// Package app assembles the wire provider sets shared by the binaries.
package app

import (
	"github.com/google/wire"

	"github.com/loopgate/festival-cashless/internal/clients"
	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/clients/push"
	"github.com/loopgate/festival-cashless/internal/clients/sms"
	"github.com/loopgate/festival-cashless/internal/events"
	"github.com/loopgate/festival-cashless/internal/httpapi"
	"github.com/loopgate/festival-cashless/internal/service"
	"github.com/loopgate/festival-cashless/internal/service/notify"
	"github.com/loopgate/festival-cashless/internal/service/refund"
	"github.com/loopgate/festival-cashless/internal/service/sales"
	"github.com/loopgate/festival-cashless/internal/service/topup"
	"github.com/loopgate/festival-cashless/internal/service/transfer"
	"github.com/loopgate/festival-cashless/internal/service/vendor"
	"github.com/loopgate/festival-cashless/internal/service/wallet"
	"github.com/loopgate/festival-cashless/internal/service/wristband"
	"github.com/loopgate/festival-cashless/internal/store"
	"github.com/loopgate/festival-cashless/internal/tasks"
	"github.com/loopgate/festival-cashless/internal/webhooks"
)

// Core is everything a binary needs to run the domain services.
var Core = wire.NewSet(
	store.ProviderSet,
	clients.ProviderSet,
	events.ProviderSet,
	tasks.ProviderSet,
	service.ProviderSet,
	wire.Bind(new(topup.Gateway), new(*payments.Client)),
	wire.Bind(new(refund.Gateway), new(*payments.Client)),
	wire.Bind(new(vendor.Gateway), new(*payments.Client)),
	wire.Bind(new(vendor.FeeStore), new(*store.FeeRepo)),
	wire.Bind(new(notify.SMSSender), new(*sms.Client)),
	wire.Bind(new(notify.PushSender), new(*push.Client)),
)

// API adds the HTTP layer on top of Core.
var API = wire.NewSet(
	Core,
	httpapi.ProviderSet,
	webhooks.NewHandlers,
	wire.Bind(new(httpapi.WristbandService), new(*wristband.Service)),
	wire.Bind(new(httpapi.TopupService), new(*topup.Service)),
	wire.Bind(new(httpapi.WalletService), new(*wallet.Service)),
	wire.Bind(new(httpapi.RefundService), new(*refund.Service)),
	wire.Bind(new(httpapi.TransferService), new(*transfer.Service)),
	wire.Bind(new(httpapi.DeviceService), new(*notify.Service)),
	wire.Bind(new(httpapi.SalesIngest), new(*sales.Service)),
	wire.Bind(new(httpapi.VendorService), new(*vendor.Service)),
	wire.Bind(new(httpapi.ResponseStore), new(*store.Store)),
)
