// Package roaming is the client for roaming partners' OCPI-style HTTP APIs
// and the shared wire types used by our own partner-facing endpoints.
package roaming

import "time"

// Price is an OCPI price object.
type Price struct {
	ExclVat float64  `json:"excl_vat"`
	InclVat *float64 `json:"incl_vat,omitempty"`
}

// CdrToken identifies the token used for a session.
type CdrToken struct {
	CountryCode string `json:"country_code"`
	PartyID     string `json:"party_id"`
	UID         string `json:"uid"`
	Type        string `json:"type"`
	ContractID  string `json:"contract_id"`
}

// CdrLocation is the location block of a CDR.
type CdrLocation struct {
	ID          string `json:"id"`
	EvseUID     string `json:"evse_uid"`
	EvseID      string `json:"evse_id"`
	ConnectorID string `json:"connector_id"`
	Country     string `json:"country"`
}

// CDR is a charge detail record.
type CDR struct {
	CountryCode   string      `json:"country_code"`
	PartyID       string      `json:"party_id"`
	ID            string      `json:"id"`
	StartDateTime time.Time   `json:"start_date_time"`
	EndDateTime   time.Time   `json:"end_date_time"`
	SessionID     string      `json:"session_id"`
	CdrToken      CdrToken    `json:"cdr_token"`
	AuthMethod    string      `json:"auth_method"`
	CdrLocation   CdrLocation `json:"cdr_location"`
	Currency      string      `json:"currency"`
	TotalCost     Price       `json:"total_cost"`
	TotalEnergy   float64     `json:"total_energy"`
	TotalTime     float64     `json:"total_time"`
	LastUpdated   time.Time   `json:"last_updated"`
}

// StartSessionCommand asks a CPO to start charging.
type StartSessionCommand struct {
	ResponseURL            string   `json:"response_url"`
	Token                  CdrToken `json:"token"`
	LocationID             string   `json:"location_id"`
	EvseUID                string   `json:"evse_uid,omitempty"`
	ConnectorID            string   `json:"connector_id,omitempty"`
	AuthorizationReference string   `json:"authorization_reference,omitempty"`
}

// CommandResponse is the synchronous answer to a command.
type CommandResponse struct {
	Result  string `json:"result"` // ACCEPTED | REJECTED | NOT_SUPPORTED | UNKNOWN_SESSION
	Timeout int    `json:"timeout"`
}

// ChargingPeriod is one metered slice of a session.
type ChargingPeriod struct {
	StartDateTime time.Time `json:"start_date_time"`
	EnergyWh      int64     `json:"energy_wh"`
	CostCents     int64     `json:"cost_cents"`
}

// SessionPatch is a partial session update.
type SessionPatch struct {
	Status          string           `json:"status,omitempty"`
	ChargingPeriods []ChargingPeriod `json:"charging_periods,omitempty"`
	LastUpdated     time.Time        `json:"last_updated"`
}

// TariffElement is a simplified tariff element.
type TariffElement struct {
	Type     string  `json:"type"` // ENERGY | FLAT | PARKING_TIME
	Price    float64 `json:"price"`
	StepSize int     `json:"step_size"`
}

// Tariff is a partner tariff.
type Tariff struct {
	CountryCode string          `json:"country_code"`
	PartyID     string          `json:"party_id"`
	ID          string          `json:"id"`
	Currency    string          `json:"currency"`
	Elements    []TariffElement `json:"elements"`
	LastUpdated time.Time       `json:"last_updated"`
}

// Envelope is the OCPI response envelope.
type Envelope[T any] struct {
	Data          T         `json:"data"`
	StatusCode    int       `json:"status_code"`
	StatusMessage string    `json:"status_message,omitempty"`
	Timestamp     time.Time `json:"timestamp"`
}

// Partner is the connection configuration for one roaming partner.
type Partner struct {
	ID          string
	CountryCode string
	PartyID     string
	BaseURL     string
	Token       string
}
