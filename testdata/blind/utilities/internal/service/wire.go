package service

import (
	"github.com/google/wire"
)

// ProviderSet provides every service. Injectors bind CardGateway and Bank
// to the partner clients.
var ProviderSet = wire.NewSet(
	SystemClock,
	NewPaymentService,
	NewDirectDebitService,
	NewBillingService,
	NewWorkOrderService,
	NewNoticeService,
	NewReadingService,
)
