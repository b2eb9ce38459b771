package webhooks

import (
	"context"
	"errors"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/guests"
	"github.com/harbourline/hotels/internal/platform/httpx"
	"github.com/harbourline/hotels/internal/platform/logx"
	"github.com/harbourline/hotels/internal/platform/redisx"
	"github.com/harbourline/hotels/internal/providers/ota"
	"github.com/harbourline/hotels/internal/reservations"
)

// OTAWebhooks receives reservation notifications pushed by OTAs. OTAs
// redeliver any notification that is not answered with a 2xx in time.
type OTAWebhooks struct {
	reservations reservations.Service
	dedup        redisx.Deduper
	messages     guests.MessageLog
	ota          ota.Client
	dedupTTL     time.Duration
}

// NewOTAWebhooks returns the handler group.
func NewOTAWebhooks(res reservations.Service, dedup redisx.Deduper, msgs guests.MessageLog, client ota.Client) *OTAWebhooks {
	return &OTAWebhooks{reservations: res, dedup: dedup, messages: msgs, ota: client, dedupTTL: 72 * time.Hour}
}

type otaStay struct {
	PropertyID string `json:"hotel_id"`
	RoomTypeID string `json:"room_code"`
	Arrival    string `json:"arrival"`
	Departure  string `json:"departure"`
}

func (s otaStay) toDomain() (domain.Stay, error) {
	ci, err := time.Parse(time.DateOnly, s.Arrival)
	if err != nil {
		return domain.Stay{}, errors.Join(domain.ErrInvalid, err)
	}
	co, err := time.Parse(time.DateOnly, s.Departure)
	if err != nil {
		return domain.Stay{}, errors.Join(domain.ErrInvalid, err)
	}
	return domain.Stay{PropertyID: s.PropertyID, RoomTypeID: s.RoomTypeID, CheckIn: ci, CheckOut: co}, nil
}

type otaReservation struct {
	Channel        string       `param:"channel"`
	ReservationRef string       `json:"reservation_id"`
	Stay           otaStay      `json:"stay"`
	Guest          domain.Guest `json:"guest"`
	Total          domain.Money `json:"total"`
}

type otaAck struct {
	httpx.Accepted
	ReservationID string `json:"pms_reservation_id,omitempty"`
}

// NewReservation handles POST /webhooks/ota/:channel/reservations.
func (h *OTAWebhooks) NewReservation(ctx context.Context, req otaReservation) (otaAck, error) {
	stay, err := req.Stay.toDomain()
	if err != nil {
		return otaAck{}, err
	}
	res, created, err := h.reservations.IngestChannelBooking(ctx, reservations.ChannelBooking{
		Channel:    req.Channel,
		ChannelRef: req.ReservationRef,
		Stay:       stay,
		Guest:      req.Guest,
		Total:      req.Total,
	})
	if err != nil {
		return otaAck{}, err
	}
	if err := h.ota.AckReservation(ctx, req.Channel, req.ReservationRef, res.ID); err != nil {
		logx.From(ctx).Warn("ota acknowledgement failed; OTA will redeliver", "err", err)
		return otaAck{}, err
	}
	status := "accepted"
	if !created {
		status = "already_accepted"
	}
	return otaAck{Accepted: httpx.Accepted{Status: status}, ReservationID: res.ID}, nil
}

type otaModification struct {
	Channel        string       `param:"channel"`
	ReservationRef string       `json:"reservation_id"`
	ModificationID string       `json:"modification_id"`
	Stay           otaStay      `json:"stay"`
	Total          domain.Money `json:"total"`
}

// Modification handles POST /webhooks/ota/:channel/modifications.
func (h *OTAWebhooks) Modification(ctx context.Context, req otaModification) (otaAck, error) {
	stay, err := req.Stay.toDomain()
	if err != nil {
		return otaAck{}, err
	}
	res, err := h.reservations.ApplyModification(ctx, reservations.Modification{
		Channel:        req.Channel,
		ChannelRef:     req.ReservationRef,
		ModificationID: req.ModificationID,
		Stay:           stay,
		Total:          req.Total,
	})
	if err != nil {
		return otaAck{}, err
	}
	return otaAck{Accepted: httpx.Accepted{Status: "modified"}, ReservationID: res.ID}, nil
}

type otaCancellation struct {
	Channel        string `param:"channel"`
	ReservationRef string `json:"reservation_id"`
	Reason         string `json:"reason"`
}

// Cancellation handles POST /webhooks/ota/:channel/cancellations.
func (h *OTAWebhooks) Cancellation(ctx context.Context, req otaCancellation) (otaAck, error) {
	first, err := h.dedup.FirstSeen(ctx, "ota-cancel:"+req.Channel+":"+req.ReservationRef, h.dedupTTL)
	if err != nil {
		return otaAck{}, err
	}
	if !first {
		return otaAck{Accepted: httpx.Accepted{Status: "duplicate"}}, nil
	}
	res, err := h.reservations.CancelByChannelRef(ctx, req.Channel, req.ReservationRef, req.Reason)
	if err != nil {
		return otaAck{}, err
	}
	return otaAck{Accepted: httpx.Accepted{Status: "cancelled"}, ReservationID: res.ID}, nil
}

type otaGuestMessage struct {
	Channel        string `param:"channel"`
	MessageID      string `json:"message_id"`
	ReservationRef string `json:"reservation_id"`
	From           string `json:"sender"`
	Subject        string `json:"subject"`
	Body           string `json:"body"`
	SentAt         string `json:"sent_at"`
}

// GuestMessage handles POST /webhooks/ota/:channel/messages: a guest wrote to
// the hotel through the OTA's messaging.
func (h *OTAWebhooks) GuestMessage(ctx context.Context, req otaGuestMessage) (httpx.Accepted, error) {
	msg := inboundMessage(req)
	if req.ReservationRef != "" {
		if res, err := h.reservations.FindByChannelRef(ctx, req.Channel, req.ReservationRef); err == nil {
			msg.ReservationID = res.ID
		}
	}
	if err := h.messages.Append(ctx, msg); err != nil {
		return httpx.Accepted{}, err
	}
	return httpx.Accepted{Status: "stored"}, nil
}

func inboundMessage(req otaGuestMessage) guests.Message {
	sent, err := time.Parse(time.RFC3339, req.SentAt)
	if err != nil {
		sent = time.Now()
	}
	return guests.Message{
		ID:          bson.NewObjectID(),
		Channel:     req.Channel,
		Direction:   "inbound",
		Medium:      "ota",
		ExternalRef: req.MessageID,
		From:        req.From,
		Subject:     req.Subject,
		Body:        req.Body,
		Status:      "unread",
		CreatedAt:   sent,
	}
}
