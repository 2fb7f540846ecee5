// Starts Swagger UI on the contract of the server that served this page. Everything is
// loaded from this origin (the page's Content-Security-Policy enforces it): the bundle
// and CSS from /docs/assets/ and the document from /api/openapi.json.
(function () {
  "use strict";
  var root = document.getElementById("swagger-ui");

  fetch("/api/openapi.json", { headers: { Accept: "application/json" } })
    .then(function (res) {
      if (!res.ok) {
        throw new Error("GET /api/openapi.json answered " + res.status);
      }
      return res.json();
    })
    .then(function (spec) {
      // "Try it out" calls this server, at whatever address the page was opened.
      spec.servers = [{ url: window.location.origin, description: "This server" }];
      window.ui = SwaggerUIBundle({
        spec: spec,
        domNode: root,
        deepLinking: true,
        displayOperationId: true,
        persistAuthorization: true,
        tryItOutEnabled: true,
        validatorUrl: null
      });
    })
    .catch(function (err) {
      root.textContent = "The API description could not be loaded: " + err.message;
    });
})();
