package events

import "github.com/google/wire"

var ProviderSet = wire.NewSet(
	NewJetStream,
	NewPublisher,
	wire.Bind(new(Publisher), new(*JetStreamPublisher)),
)
