// Package provider groups the outside-service clients for injection.
package provider

import (
	"github.com/google/wire"

	"github.com/encorelane/resale/internal/provider/beacon"
	"github.com/encorelane/resale/internal/provider/cardpush"
	"github.com/encorelane/resale/internal/provider/paystream"
	"github.com/encorelane/resale/internal/provider/promoter"
	"github.com/encorelane/resale/internal/provider/tillpoint"
)

var ProviderSet = wire.NewSet(
	promoter.NewHTTPClient, wire.Bind(new(promoter.Client), new(*promoter.HTTPClient)),
	tillpoint.NewHTTPClient, wire.Bind(new(tillpoint.Client), new(*tillpoint.HTTPClient)),
	paystream.NewHTTPClient, wire.Bind(new(paystream.Client), new(*paystream.HTTPClient)),
	beacon.NewHTTPClient, wire.Bind(new(beacon.Notifier), new(*beacon.HTTPClient)),
	cardpush.NewHTTPClient, wire.Bind(new(cardpush.Client), new(*cardpush.HTTPClient)),
)
