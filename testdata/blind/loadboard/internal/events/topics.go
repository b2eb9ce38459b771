// Package events defines the load board's domain events and commands and
// publishes them through a transactional outbox on watermill's SQL pub/sub.
package events

import "time"

// Topics. Each topic is a table in PostgreSQL (watermill_<topic>).
const (
	TopicBidPlaced      = "loadboard.bid.placed"
	TopicTenderAccepted = "loadboard.tender.accepted"
	TopicTenderDeclined = "loadboard.tender.declined"
	TopicLoadCancelled  = "loadboard.load.cancelled"
	TopicLoadDelivered  = "loadboard.load.delivered"
	TopicRateConSigned  = "loadboard.ratecon.signed"
	TopicPayoutSettled  = "loadboard.payout.settled"

	CmdSendTenderSMS = "loadboard.cmd.send_tender_sms"
)

// AllTopics lists every topic, used to initialise the schema at start-up.
var AllTopics = []string{
	TopicBidPlaced,
	TopicTenderAccepted,
	TopicTenderDeclined,
	TopicLoadCancelled,
	TopicLoadDelivered,
	TopicRateConSigned,
	TopicPayoutSettled,
	CmdSendTenderSMS,
}

type BidPlaced struct {
	BidID       string    `json:"bid_id"`
	LoadID      string    `json:"load_id"`
	CarrierID   string    `json:"carrier_id"`
	AmountCents int64     `json:"amount_cents"`
	PlacedAt    time.Time `json:"placed_at"`
}

type TenderAccepted struct {
	TenderID   string    `json:"tender_id"`
	LoadID     string    `json:"load_id"`
	CarrierID  string    `json:"carrier_id"`
	RateCents  int64     `json:"rate_cents"`
	WorkflowID string    `json:"workflow_id"`
	AcceptedAt time.Time `json:"accepted_at"`
}

type TenderDeclined struct {
	TenderID   string    `json:"tender_id"`
	LoadID     string    `json:"load_id"`
	CarrierID  string    `json:"carrier_id"`
	WorkflowID string    `json:"workflow_id"`
	Reason     string    `json:"reason"`
	DeclinedAt time.Time `json:"declined_at"`
}

type LoadCancelled struct {
	LoadID      string    `json:"load_id"`
	ShipperID   string    `json:"shipper_id"`
	Reason      string    `json:"reason"`
	CancelledAt time.Time `json:"cancelled_at"`
}

type LoadDelivered struct {
	LoadID      string    `json:"load_id"`
	CarrierID   string    `json:"carrier_id"`
	DeliveredAt time.Time `json:"delivered_at"`
}

type RateConSigned struct {
	RateConID  string    `json:"ratecon_id"`
	TenderID   string    `json:"tender_id"`
	LoadID     string    `json:"load_id"`
	EnvelopeID string    `json:"envelope_id"`
	SignedAt   time.Time `json:"signed_at"`
}

type PayoutSettled struct {
	PayoutID   string    `json:"payout_id"`
	LoadID     string    `json:"load_id"`
	CarrierID  string    `json:"carrier_id"`
	GrossCents int64     `json:"gross_cents"`
	FeeCents   int64     `json:"fee_cents"`
	NetCents   int64     `json:"net_cents"`
	SettledAt  time.Time `json:"settled_at"`
}

// SendTenderSMS asks the notifier to text a tender offer to the carrier's
// dispatcher.
type SendTenderSMS struct {
	TenderID string `json:"tender_id"`
	DedupKey string `json:"dedup_key"`
	To       string `json:"to"`
	Body     string `json:"body"`
}
