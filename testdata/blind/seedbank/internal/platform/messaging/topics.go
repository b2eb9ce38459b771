// Package messaging wires watermill to RabbitMQ and provides the helpers
// producers and consumers share.
package messaging

// Topics published by the seed library.
const (
	TopicReservationConfirmed = "seedbank.reservation.confirmed"
	TopicSeedLotReceived      = "seedbank.seedlot.received"
	TopicDonationRecorded     = "seedbank.donation.recorded"
	TopicGerminationCompleted = "seedbank.germination.completed"
	TopicDuesPaid             = "seedbank.dues.paid"
	TopicReservationExpired   = "seedbank.reservation.expired"
)
