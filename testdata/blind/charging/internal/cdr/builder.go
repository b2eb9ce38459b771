package cdr

import (
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/voltway/charging/internal/roaming"
	"github.com/voltway/charging/internal/session"
)

// Our OCPI party.
const (
	OurCountry = "GB"
	OurParty   = "VLT"
)

// Builder assembles outbound CDRs from completed roaming sessions.
type Builder struct {
	country string
	party   string
}

// NewBuilder returns a builder for our party.
func NewBuilder() *Builder { return &Builder{country: OurCountry, party: OurParty} }

// Build returns the CDR for a completed roaming session at station.
func (b *Builder) Build(s session.Session, st session.Station) (roaming.CDR, error) {
	if s.Origin != session.OriginRoaming {
		return roaming.CDR{}, fmt.Errorf("session %s is not a roaming session", s.ID)
	}
	if !s.StartedAt.Valid || !s.StoppedAt.Valid {
		return roaming.CDR{}, fmt.Errorf("session %s has no start/stop time", s.ID)
	}
	return roaming.CDR{
		CountryCode:   b.country,
		PartyID:       b.party,
		ID:            uuid.New().String(),
		StartDateTime: s.StartedAt.Time.UTC(),
		EndDateTime:   s.StoppedAt.Time.UTC(),
		SessionID:     s.ID,
		CdrToken: roaming.CdrToken{
			UID:  s.PartnerTokenUID.String,
			Type: "APP_USER",
		},
		AuthMethod: "COMMAND",
		CdrLocation: roaming.CdrLocation{
			ID:          st.LocationID,
			EvseUID:     st.EvseUID,
			ConnectorID: fmt.Sprint(s.ConnectorID),
			Country:     "GBR",
		},
		Currency:    s.Currency,
		TotalCost:   roaming.Price{ExclVat: float64(s.CostCents) / 100},
		TotalEnergy: float64(s.EnergyWh) / 1000,
		TotalTime:   s.StoppedAt.Time.Sub(s.StartedAt.Time).Hours(),
		LastUpdated: time.Now().UTC(),
	}, nil
}
