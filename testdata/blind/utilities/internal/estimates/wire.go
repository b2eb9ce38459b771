package estimates

import "github.com/google/wire"

var ProviderSet = wire.NewSet(NewActivities)
