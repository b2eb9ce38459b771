// Package sessions handles video-session events relayed from the Roomly
// webhook bridge and from the no-show sweeper.
package sessions

import "time"

// Event types on the session topic.
const (
	TypeSessionEnded      = "session.ended"
	TypeParticipantJoined = "participant.joined"
	TypeProviderNoShow    = "provider.no_show"
)

// SessionEnded is the data of a session.ended event.
type SessionEnded struct {
	SessionID     string    `json:"session_id"`
	RoomID        string    `json:"room_id"`
	AppointmentID string    `json:"external_id"`
	StartedAt     time.Time `json:"started_at"`
	EndedAt       time.Time `json:"ended_at"`
	EndReason     string    `json:"end_reason"`
	Participants  int       `json:"participant_count"`
}

// ParticipantJoined is the data of a participant.joined event.
type ParticipantJoined struct {
	SessionID     string    `json:"session_id"`
	RoomID        string    `json:"room_id"`
	AppointmentID string    `json:"external_id"`
	ParticipantID string    `json:"participant_id"`
	Role          string    `json:"role"`
	JoinedAt      time.Time `json:"joined_at"`
}

// ProviderNoShow is the data of a provider.no_show event.
type ProviderNoShow struct {
	AppointmentID string    `json:"appointment_id"`
	SlotStart     time.Time `json:"slot_start"`
	DetectedAt    time.Time `json:"detected_at"`
}
