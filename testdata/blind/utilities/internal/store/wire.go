package store

import (
	"github.com/google/wire"
)

// ProviderSet provides the transaction manager and pool-bound repositories.
var ProviderSet = wire.NewSet(NewTxManager, NewPoolRepos)
