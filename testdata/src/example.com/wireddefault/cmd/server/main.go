// Command server wires the handler to the queue.
package main

import (
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"example.com/wireddefault/queue"
	"example.com/wireddefault/svc"
)

func main() {
	h := &svc.Handler{Jobs: &queue.Publisher{SQS: &sqs.Client{}, URL: "https://sqs.example/jobs.fifo"}}
	http.HandleFunc("POST /confirm", h.Confirm)
	http.HandleFunc("POST /confirm/keyed", h.ConfirmKeyed)
	http.ListenAndServe(":8080", nil)
}
