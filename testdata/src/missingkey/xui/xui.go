// Package xui serves pages whose forms the program's own API handles:
// the UI posts to the API's named routes, built by the API's router.
package xui

import (
	"net/http"
	"net/url"

	"github.com/gorilla/mux"

	"missingkey/xhttp"
)

func apiRouter() *mux.Router {
	r := mux.NewRouter()
	r.HandleFunc("/checks/{token}/accept", nil).Name("accept").Methods("POST")
	return r
}

// Negative: the address is the program's own route.
func Accept(w http.ResponseWriter, r *http.Request) {
	u, err := apiRouter().Get("accept").Host("api:8081").URL("token", mux.Vars(r)["token"])
	if err != nil {
		return
	}
	xhttp.PostJSON(u, nil)
}

// Negative: the same, in the request made here.
func AcceptHere(w http.ResponseWriter, r *http.Request) {
	u, _ := apiRouter().Get("accept").URLPath("token", "t")
	http.Post("http://api:8081"+u.String(), "application/json", nil)
}

// A provider's address is another matter.
func Notify(w http.ResponseWriter, r *http.Request) {
	u, _ := url.Parse("https://provider.example/v1/charges")
	xhttp.PostJSON(u, nil) // want `HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xhttp.PostJSON`
	xhttp.Post("https://provider.example/v1/charges") // want `HTTP POST: the request carries no Idempotency-Key header: http.Post\(\) in xhttp.Post`
}

// The client's closure carries the key its caller gives: none here.
func Pickup(w http.ResponseWriter, r *http.Request) {
	xhttp.Send(r.Context(), "") // want `HTTP POST: the request carries no Idempotency-Key header: Client.Do\(\) in xhttp.Send`
}

// Negative: the request's own key.
func PickupKeyed(w http.ResponseWriter, r *http.Request) {
	xhttp.Send(r.Context(), r.Header.Get("Idempotency-Key"))
}
