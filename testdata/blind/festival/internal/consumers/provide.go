package consumers

import "github.com/google/wire"

var ProviderSet = wire.NewSet(NewRegistry, NewRunner)
