//go:build wireinject
// +build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/northgate-museums/visitor-platform/internal/di"
	"github.com/northgate-museums/visitor-platform/internal/httpapi"
	"github.com/northgate-museums/visitor-platform/internal/webhooks"
)

func initializeAPI() (*apiServer, func(), error) {
	wire.Build(
		di.APISet,
		httpapi.NewTicketHandlers,
		httpapi.NewMembershipHandlers,
		httpapi.NewDonationHandlers,
		httpapi.NewGroupHandlers,
		httpapi.NewShopHandlers,
		httpapi.NewRefundHandlers,
		webhooks.NewAuthorisationHandler,
		webhooks.NewRefundNotificationHandler,
		webhooks.NewChargebackHandler,
		webhooks.NewPaymentsWebhook,
		webhooks.NewFulfilmentWebhook,
		wire.Struct(new(httpapi.Handlers), "*"),
		httpapi.NewRouter,
		newAPIServer,
	)
	return nil, nil, nil
}
