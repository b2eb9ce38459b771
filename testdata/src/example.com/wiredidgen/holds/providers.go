package holds

import "github.com/google/wire"

// ProviderSet declares the constructors for the injector's generator,
// which calls them in the code it writes.
var ProviderSet = wire.NewSet(NewWaitlist, NewTransfers)
