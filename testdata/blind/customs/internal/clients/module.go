// Package clients wires the external provider clients for dependency
// injection.
package clients

import (
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"go.uber.org/fx"

	"github.com/harborline/brokerage/internal/clients/customs"
	"github.com/harborline/brokerage/internal/clients/inspections"
	"github.com/harborline/brokerage/internal/clients/payments"
	"github.com/harborline/brokerage/internal/notify"
)

// Module provides the customs, payments and inspection clients and the SNS
// publisher under their interfaces.
var Module = fx.Module("clients",
	fx.Provide(
		fx.Annotate(customs.NewClient, fx.As(new(customs.Authority))),
		fx.Annotate(payments.NewClient, fx.As(new(payments.Provider))),
		fx.Annotate(inspections.NewClient, fx.As(new(inspections.Partner))),
		fx.Annotate(func(c *sns.Client) notify.SNSAPI { return c }),
		fx.Annotate(notify.NewSNSPublisher, fx.As(new(notify.Publisher))),
	),
)
