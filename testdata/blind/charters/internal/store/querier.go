package store

import (
	"context"
	"time"
)

// Querier is every statement in the package; *Queries implements it both
// on the pool and inside a transaction.
type Querier interface {
	AddCrewHours(ctx context.Context, id string, hours int32) error
	AddToBookingTotal(ctx context.Context, id string, cents int64) error
	AddTripHarbourFee(ctx context.Context, id string, cents int64) error
	CancelBooking(ctx context.Context, id string, at time.Time) (int64, error)
	ClaimEvent(ctx context.Context, eventID, handler string) (bool, error)
	ConfirmBerth(ctx context.Context, id, berthCode string, feeCents int64) error
	ConvertHeldSeats(ctx context.Context, tripID string, seats int32) error
	EnqueueOutbox(ctx context.Context, topic string, payload []byte) error
	EventProcessed(ctx context.Context, eventID string) (bool, error)
	ExpireHolds(ctx context.Context, now time.Time) (holds int64, trips int64, err error)
	FinishJobRun(ctx context.Context, id string, finishedAt time.Time, status, errText string) error
	GetBerthRequest(ctx context.Context, id string) (BerthRequest, error)
	GetBerthRequestByTrip(ctx context.Context, tripID string) (BerthRequest, error)
	GetBoat(ctx context.Context, id string) (Boat, error)
	GetBooking(ctx context.Context, id string) (Booking, error)
	GetBookingForUpdate(ctx context.Context, id string) (Booking, error)
	GetCrewMember(ctx context.Context, id string) (CrewMember, error)
	GetCustomer(ctx context.Context, id string) (Customer, error)
	GetDepositByBooking(ctx context.Context, bookingID string) (DepositPayment, error)
	GetHoldByRequestKey(ctx context.Context, customerID, requestKey string) (Hold, error)
	GetHoldForUpdate(ctx context.Context, id string) (Hold, error)
	GetRefundByBooking(ctx context.Context, bookingID string) (Refund, error)
	GetReplay(ctx context.Context, method, requestKey string) ([]byte, error)
	GetTrip(ctx context.Context, id string) (Trip, error)
	GetTripByBoatDeparture(ctx context.Context, boatID string, departsAt time.Time) (Trip, error)
	GetWeatherAlert(ctx context.Context, alertID string) (WeatherAlert, error)
	InsertAlertLift(ctx context.Context, alertID string, liftedAt time.Time) error
	InsertBalanceCharge(ctx context.Context, bookingID, chargeID string, amount int64) error
	InsertBoat(ctx context.Context, arg InsertBoatParams) (Boat, error)
	InsertBooking(ctx context.Context, arg InsertBookingParams) (Booking, error)
	InsertBookingExtra(ctx context.Context, arg InsertBookingExtraParams) (BookingExtra, error)
	InsertCancellation(ctx context.Context, bookingID, source, reason string) error
	InsertCrewAssignment(ctx context.Context, arg InsertCrewAssignmentParams) error
	InsertDepositPayment(ctx context.Context, arg InsertDepositPaymentParams) (DepositPayment, error)
	InsertFuelOrder(ctx context.Context, id, tripID string, litres int32, priceCents int64) error
	InsertHarbourInvoice(ctx context.Context, arg InsertHarbourInvoiceParams) error
	InsertHold(ctx context.Context, arg InsertHoldParams) (Hold, error)
	InsertJobRun(ctx context.Context, id, job string, startedAt time.Time) error
	InsertLedgerEntry(ctx context.Context, arg InsertLedgerEntryParams) error
	InsertPaymentAttempt(ctx context.Context, id, paymentID, outcome, detail string) error
	InsertRefund(ctx context.Context, arg InsertRefundParams) (Refund, error)
	InsertSettlement(ctx context.Context, id, bookingID, chargeID string, amount int64) error
	InsertTrip(ctx context.Context, arg InsertTripParams) (Trip, error)
	InsertWeatherAlert(ctx context.Context, arg InsertWeatherAlertParams) error
	ListActiveBookingsForTrip(ctx context.Context, tripID string) ([]BookingContact, error)
	ListPendingRefundsForAlert(ctx context.Context, alertID string) ([]Refund, error)
	ListTripCrew(ctx context.Context, tripID string) ([]TripCrew, error)
	ListTrips(ctx context.Context, arg ListTripsParams) ([]Trip, error)
	ListTripsInWindow(ctx context.Context, marinaIDs []string, from, to time.Time) ([]Trip, error)
	ListTripsToClose(ctx context.Context, before time.Time, limit int32) ([]Trip, error)
	ListUnbilledCharges(ctx context.Context, limit int32) ([]UnbilledBooking, error)
	ListUnsentOutbox(ctx context.Context, limit int32) ([]OutboxMessage, error)
	MarinaBerthTotals(ctx context.Context, from, to time.Time) ([]MarinaBerthTotal, error)
	MarkBalancePaid(ctx context.Context, id string) error
	MarkChargesBilled(ctx context.Context, ids []string, settlementID string, at time.Time) (int64, error)
	MarkEventProcessed(ctx context.Context, eventID, handler string) error
	MarkOutboxSent(ctx context.Context, id int64) error
	MarkRefundIssued(ctx context.Context, id, processorRefundID string) error
	MarkTripCompleted(ctx context.Context, id string, at time.Time) (int64, error)
	MarkTripCrewed(ctx context.Context, id string) (int64, error)
	ReassignBerth(ctx context.Context, id, berthCode string, version int32) (int64, error)
	ReleaseBookedSeats(ctx context.Context, tripID string, seats int32) error
	ReleaseHeldSeats(ctx context.Context, tripID string, seats int32) error
	ReopenWeatherTrips(ctx context.Context, marinaIDs []string, from, to time.Time) (int64, error)
	ReserveSeats(ctx context.Context, tripID string, seats int32) (int64, error)
	SaveReplay(ctx context.Context, method, requestKey string, response []byte) error
	SetBerthPartnerRef(ctx context.Context, id, partnerRef string) error
	SetBerthStatus(ctx context.Context, id, status string) error
	SetTripStatus(ctx context.Context, id, status string) error
	SettleDeposit(ctx context.Context, id, status string, chargeID *string) error
	TransitionHold(ctx context.Context, id, from, to string) (int64, error)
	UpsertBerthRequest(ctx context.Context, id, tripID, marinaID string) (BerthRequest, error)
	UpsertTripCharge(ctx context.Context, arg UpsertTripChargeParams) (TripCharge, error)
}

var _ Querier = (*Queries)(nil)
