package crews

import (
	"net/http"

	"github.com/google/wire"

	"github.com/cyclegrid/bikeshare/internal/config"
)

func ProvideClient(cfg config.Config, hc *http.Client) *Client {
	return NewClient(Config{
		BaseURL:       cfg.CrewBaseURL,
		APIKey:        cfg.CrewAPIKey,
		WebhookSecret: cfg.CrewWebhookSecret,
	}, hc)
}

var ProviderSet = wire.NewSet(ProvideClient, wire.Bind(new(Dispatcher), new(*Client)))
