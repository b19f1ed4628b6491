// Which import names a vulnerable package is used under. npm: the specifier's package. PyPI:
// distribution names differ from import names (PyYAML is imported as yaml), so a small table of
// well-known ones, then the usual convention (lowercase, "-" → "_"), also trying the name as is.
import type { Ecosystem } from "../model.ts";

const PYPI_IMPORTS: Record<string, string[]> = {
  pyyaml: ["yaml"], pillow: ["PIL"], "pillow-simd": ["PIL"], beautifulsoup4: ["bs4"],
  "scikit-learn": ["sklearn"], "scikit-image": ["skimage"], "python-dateutil": ["dateutil"],
  "opencv-python": ["cv2"], "opencv-python-headless": ["cv2"], "opencv-contrib-python": ["cv2"],
  "opencv-contrib-python-headless": ["cv2"], pyjwt: ["jwt"], "python-jose": ["jose"],
  pycryptodome: ["Crypto"], pycryptodomex: ["Cryptodome"], pycrypto: ["Crypto"],
  pyopenssl: ["OpenSSL"], protobuf: ["google.protobuf"], "msgpack-python": ["msgpack"],
  "python-multipart": ["multipart", "python_multipart"], mysqlclient: ["MySQLdb"],
  "psycopg2-binary": ["psycopg2"], "psycopg-binary": ["psycopg"], attrs: ["attr", "attrs"],
  setuptools: ["setuptools", "pkg_resources"], pyserial: ["serial"], pyusb: ["usb"],
  "python-magic": ["magic"], gitpython: ["git"], pynacl: ["nacl"], "python-ldap": ["ldap"],
  dnspython: ["dns"], "python-docx": ["docx"], "python-pptx": ["pptx"],
  djangorestframework: ["rest_framework"], "django-cors-headers": ["corsheaders"],
  "python-socketio": ["socketio"], "python-engineio": ["engineio"], "websocket-client": ["websocket"],
  pyzmq: ["zmq"], pycairo: ["cairo"], pygobject: ["gi"], grpcio: ["grpc"],
  "tensorflow-gpu": ["tensorflow"], "tensorflow-cpu": ["tensorflow"], "python-levenshtein": ["Levenshtein"],
  "ruamel-yaml": ["ruamel.yaml"], pypdf2: ["PyPDF2"], "python-dotenv": ["dotenv"],
  "google-cloud-storage": ["google.cloud.storage"], "apache-airflow": ["airflow"],
  "python-keycloak": ["keycloak"], "python-gnupg": ["gnupg"], "pyhcl": ["hcl"], "ansible-core": ["ansible"],
  "py-serializable": ["serializable"], "typing-extensions": ["typing_extensions"], "mlflow-skinny": ["mlflow"],
};

/** PEP 503 normalisation: "PyYAML" → "pyyaml", "ruamel.yaml" → "ruamel-yaml". */
export function normalizePypi(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

/** Module names (dotted for Python) under which code imports a package. */
export function importNames(ecosystem: Ecosystem, pkg: string): string[] {
  if (ecosystem === "npm") return [pkg];
  const known = PYPI_IMPORTS[normalizePypi(pkg)];
  if (known) return known;
  return [...new Set([pkg.replace(/-/g, "_"), pkg.toLowerCase().replace(/[-.]/g, "_")])];
}

/**
 * The part of a module name before its first "." or "/" ("@hapi" for @hapi/hapi, "django" for
 * django.urls): a use can belong to a package, or match a framework rule, only when this matches.
 */
export function topModule(name: string): string {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 46 /* . */ || c === 47 /* / */) return name.slice(0, i);
  }
  return name;
}
