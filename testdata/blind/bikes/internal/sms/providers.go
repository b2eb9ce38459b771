package sms

import (
	"net/http"

	"github.com/google/wire"

	"github.com/cyclegrid/bikeshare/internal/config"
)

func ProvideClient(cfg config.Config, hc *http.Client) *Client {
	return NewClient(Config{
		BaseURL: cfg.SMSBaseURL,
		APIKey:  cfg.SMSAPIKey,
		From:    cfg.SMSSenderID,
	}, hc)
}

var ProviderSet = wire.NewSet(ProvideClient, wire.Bind(new(Sender), new(*Client)))
