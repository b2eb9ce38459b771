package store

import "github.com/google/wire"

// ProviderSet wires every repository from a *sqlx.DB.
var ProviderSet = wire.NewSet(
	NewPostgres,
	wire.Bind(new(TxManager), new(*Postgres)),
	NewAccountRepository,
	NewVehicleRepository,
	NewZoneRepository,
	NewIdempotencyRepository,
	NewSessionRepository,
	NewChargeRepository,
	NewLedgerRepository,
	NewRefundRepository,
	NewFineRepository,
	NewEnforcementRepository,
	NewFinePaymentRepository,
	NewPermitRepository,
	NewGarageRepository,
	NewSettlementRepository,
	NewSMSLogRepository,
	NewInboundSMSRepository,
	NewStripeEventRepository,
)
