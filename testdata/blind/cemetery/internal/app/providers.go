package app

import (
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/config"
	"github.com/hollowpine-memorial/plotkeeper/internal/core/interment"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider/engraver"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider/funeralhome"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider/sms"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider/stripepay"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
)

// Providers binds the outbound clients to the provider interfaces. The
// funeral-home client is decorated with call logging.
var Providers = fx.Module("providers",
	fx.Provide(
		func(cfg config.Config) provider.Payments {
			return stripepay.New(stripepay.Options{SecretKey: cfg.StripeSecretKey})
		},
		func(cfg config.Config) provider.FuneralHome {
			return funeralhome.New(funeralhome.Options{
				BaseURL:     cfg.FuneralHomeBaseURL,
				APIKey:      cfg.FuneralHomeAPIKey,
				CemeteryRef: "hollowpine",
				Timeout:     cfg.ProviderHTTPTimeout,
			})
		},
		func(cfg config.Config) provider.Engraver {
			return engraver.New(engraver.Options{
				BaseURL:   cfg.EngraverBaseURL,
				APIKey:    cfg.EngraverAPIKey,
				Timeout:   cfg.ProviderHTTPTimeout,
				DeliverTo: "Hollowpine Memorial Park, 4400 County Road 12, Marlow, TX",
			})
		},
		func(cfg config.Config) provider.SMS {
			return sms.New(sms.Options{
				BaseURL:   cfg.SMSBaseURL,
				AccountID: cfg.SMSAccountID,
				AuthToken: cfg.SMSAuthToken,
				From:      cfg.SMSFromNumber,
				Timeout:   cfg.ProviderHTTPTimeout,
			})
		},
	),
	fx.Decorate(func(next provider.FuneralHome, repo repository.Interments, log *zap.Logger) provider.FuneralHome {
		return interment.NewLoggedPartner(next, repo, log.Named("partner"))
	}),
)
