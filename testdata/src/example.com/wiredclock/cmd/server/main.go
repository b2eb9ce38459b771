// Command server wires the sweeps.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredclock/api"
	"example.com/wiredclock/billing"
	"example.com/wiredclock/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{
		S:  &billing.Sweeper{Pay: store.Cards{}, Claims: store.Claims{DB: db}, Stamps: store.Stamps{DB: db}},
		A:  &billing.Alerts{Claims: store.Claims{DB: db}, Notifier: store.Pager{HTTP: http.DefaultClient}},
		AV: &billing.Alerts{Claims: store.Claims{DB: db}, Notifier: store.Pager{HTTP: http.DefaultClient}},
		C:  &billing.Crews{Crew: store.Crew{HTTP: http.DefaultClient}, Roster: store.Roster{DB: db}},
		D:  &billing.Dispatcher{Contractor: store.Metered{Inner: store.Contractor{HTTP: http.DefaultClient}, Calls: new(int)}, Tickets: store.Tickets{DB: db}},
	}
	http.HandleFunc("POST /sweeps/fees", h.Fees)
	http.HandleFunc("POST /sweeps/fees/claimed", h.FeesClaimed)
	http.HandleFunc("POST /sweeps/fees/daily", h.FeesDaily)
	http.HandleFunc("POST /faults", h.Fault)
	http.HandleFunc("POST /alerts", h.Alert)
	http.HandleFunc("POST /alerts/via", h.AlertVia)
	http.HandleFunc("POST /faults/escalations", h.Escalate)
	http.HandleFunc("POST /faults/crews", h.Crew)
	http.HandleFunc("POST /faults/crews/marked", h.CrewMarked)
	http.ListenAndServe(":8080", nil)
}
