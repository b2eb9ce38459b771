package db

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// Querier is implemented by *Queries. Repositories depend on it so they can
// run against the pool or inside a transaction.
type Querier interface {
	AdjustWalletBalance(ctx context.Context, arg AdjustWalletBalanceParams) (int64, error)
	CancelPass(ctx context.Context, arg CancelPassParams) (int64, error)
	ClaimEvent(ctx context.Context, arg ClaimEventParams) (int64, error)
	ClaimIdempotencyKey(ctx context.Context, arg ClaimIdempotencyKeyParams) (int64, error)
	ClaimNotification(ctx context.Context, arg ClaimNotificationParams) (Notification, error)
	CreateDamageReport(ctx context.Context, arg CreateDamageReportParams) (DamageReport, error)
	CreateMaintenanceTicket(ctx context.Context, arg CreateMaintenanceTicketParams) (MaintenanceTicket, error)
	CreatePass(ctx context.Context, arg CreatePassParams) (Pass, error)
	CreateRebalanceJob(ctx context.Context, arg CreateRebalanceJobParams) (RebalanceJob, error)
	CreateRefundRequest(ctx context.Context, arg CreateRefundRequestParams) (int64, error)
	CreateRide(ctx context.Context, arg CreateRideParams) (Ride, error)
	CreateRideCharge(ctx context.Context, arg CreateRideChargeParams) (int64, error)
	CreateTopup(ctx context.Context, arg CreateTopupParams) (Topup, error)
	EndRide(ctx context.Context, arg EndRideParams) (Ride, error)
	EnsureWalletAccount(ctx context.Context, riderID uuid.UUID) error
	ExtendPass(ctx context.Context, arg ExtendPassParams) error
	FindRebalanceJob(ctx context.Context, arg FindRebalanceJobParams) (RebalanceJob, error)
	GetActivePassForRider(ctx context.Context, arg GetActivePassForRiderParams) (Pass, error)
	GetDock(ctx context.Context, id string) (Dock, error)
	GetIdempotencyKey(ctx context.Context, arg GetIdempotencyKeyParams) (IdempotencyKey, error)
	GetNotificationByDedupKey(ctx context.Context, dedupKey pgtype.Text) (Notification, error)
	GetPass(ctx context.Context, id uuid.UUID) (Pass, error)
	GetPassPlan(ctx context.Context, code string) (PassPlan, error)
	GetRebalanceJob(ctx context.Context, id uuid.UUID) (RebalanceJob, error)
	GetRebalanceJobByPartnerID(ctx context.Context, partnerJobID pgtype.Text) (RebalanceJob, error)
	GetRefundRequest(ctx context.Context, id uuid.UUID) (RefundRequest, error)
	GetRefundRequestByCharge(ctx context.Context, chargeID uuid.UUID) (RefundRequest, error)
	GetRide(ctx context.Context, id uuid.UUID) (Ride, error)
	GetRideCharge(ctx context.Context, id uuid.UUID) (RideCharge, error)
	GetRideChargeByRide(ctx context.Context, rideID uuid.UUID) (RideCharge, error)
	GetRider(ctx context.Context, id uuid.UUID) (Rider, error)
	GetStation(ctx context.Context, id string) (Station, error)
	GetTopupByPaymentIntent(ctx context.Context, paymentIntentID pgtype.Text) (Topup, error)
	GetWallet(ctx context.Context, riderID uuid.UUID) (WalletAccount, error)
	GetWalletForUpdate(ctx context.Context, riderID uuid.UUID) (WalletAccount, error)
	InsertCrewJobCompletion(ctx context.Context, arg InsertCrewJobCompletionParams) error
	InsertDockStatusEvent(ctx context.Context, arg InsertDockStatusEventParams) error
	InsertLedgerEntry(ctx context.Context, arg InsertLedgerEntryParams) error
	ListPassesDueForRenewal(ctx context.Context, arg ListPassesDueForRenewalParams) ([]Pass, error)
	ListPassesExpiringBetween(ctx context.Context, arg ListPassesExpiringBetweenParams) ([]Pass, error)
	ListStaleRides(ctx context.Context, arg ListStaleRidesParams) ([]Ride, error)
	ListStationOccupancy(ctx context.Context) ([]StationOccupancyRow, error)
	MarkNotificationSent(ctx context.Context, arg MarkNotificationSentParams) error
	MarkRebalanceCompleted(ctx context.Context, id uuid.UUID) error
	MarkRebalanceDispatched(ctx context.Context, arg MarkRebalanceDispatchedParams) error
	MarkRefundProcessed(ctx context.Context, arg MarkRefundProcessedParams) error
	MarkRideChargeFailed(ctx context.Context, arg MarkRideChargeFailedParams) error
	MarkRideChargeSucceeded(ctx context.Context, arg MarkRideChargeSucceededParams) error
	MarkRideStarted(ctx context.Context, arg MarkRideStartedParams) (int64, error)
	MarkTopupCredited(ctx context.Context, id string) error
	RecordIdempotencyKey(ctx context.Context, arg RecordIdempotencyKeyParams) error
	RecordSentNotification(ctx context.Context, arg RecordSentNotificationParams) error
	RecordStripeEvent(ctx context.Context, arg RecordStripeEventParams) error
	SaveIdempotencyResponse(ctx context.Context, arg SaveIdempotencyResponseParams) error
	SetBikeStatus(ctx context.Context, arg SetBikeStatusParams) error
	SetDockBike(ctx context.Context, arg SetDockBikeParams) error
	SetDockStatus(ctx context.Context, arg SetDockStatusParams) error
	StationOccupancy(ctx context.Context, stationID string) (StationOccupancyRow, error)
	StripeEventSeen(ctx context.Context, eventID string) (bool, error)
	TouchDock(ctx context.Context, arg TouchDockParams) error
	VoidRide(ctx context.Context, arg VoidRideParams) (int64, error)
}
